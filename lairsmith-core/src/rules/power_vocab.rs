//! The words of a power block (L895-1046, L1728-1741): usage, action, origin, area, defense,
//! power tags, and the attack symbols.

use crate::vocab::{UnknownValue, Vocabulary};
use crate::vocabulary;
use std::fmt;

vocabulary! {
    /// How often a power can be used (L908-911, L1739-1741).
    pub enum Usage ("usage") {
        AtWill = ("at-will", "At-Will"),
        Encounter = ("encounter", "Encounter"),
        Daily = ("daily", "Daily"),
        Refresh = ("refresh", "Refresh"),
    }
    aliases { "recharge" => Refresh, "atwill" => AtWill }
}

impl Usage {
    /// R10: encounter, refresh and daily powers are all "surge" powers (L1863).
    pub(crate) fn is_surge(self) -> bool {
        !matches!(self, Usage::AtWill)
    }
}

vocabulary! {
    /// A power's category (Powers: Power Category): a power that attacks or deals damage is an
    /// attack power, any other a utility power.
    pub enum Category ("category") {
        Attack = ("attack", "Attack"),
        Utility = ("utility", "Utility"),
    }
}

vocabulary! {
    /// The action a power takes (L914-916, L1136-1143).
    pub enum Action ("action") {
        Standard = ("standard", "Standard Action"),
        Move = ("move", "Move Action"),
        Swift = ("swift", "Swift Action"),
        Free = ("free", "Free Action"),
        // The two immediate actions by the book's names for them (L1139-1142).
        Counter = ("counter", "Counter Action"),
        Reaction = ("reaction", "Reaction"),
        Opportunity = ("opportunity", "Opportunity Action"),
        None = ("none", "No Action"),
    }
    aliases {
        "immediate counter" => Counter, "immediate-counter" => Counter, "interrupt" => Counter,
        "immediate reaction" => Reaction, "immediate-reaction" => Reaction,
        "minor" => Swift,
    }
}

/// An opportunity power that attacks, in the book's words: "To make the opportunity attack,
/// you use your immediate action to make one melee attack against the provoking creature"
/// (L1146). A power that does not attack is an "opportunity action" (L1149).
pub(crate) const OPPORTUNITY_ATTACK: &str = "Opportunity Attack";

impl Action {
    /// Triggered actions are listed apart from the others in a stat block.
    pub(crate) fn is_triggered(self) -> bool {
        matches!(
            self,
            Action::Counter | Action::Reaction | Action::Opportunity
        )
    }
}

vocabulary! {
    /// Where a power originates (L924-930).
    pub enum Origin ("origin") {
        Melee = ("melee", "Melee"),
        Ranged = ("ranged", "Ranged"),
        Near = ("near", "Near"),
        Far = ("far", "Far"),
        SelfOrigin = ("self", "Self"),
    }
}

impl Origin {
    /// R10: near and far area powers are multi-target.
    pub fn is_area(self) -> bool {
        matches!(self, Origin::Near | Origin::Far)
    }

    /// The monster attack symbol (L1730-1735), if the origin has one.
    pub fn symbol(self, basic: bool) -> Option<&'static str> {
        match (self, basic) {
            (Origin::Melee, true) => Some("‡"),
            (Origin::Melee, false) => Some("†"),
            (Origin::Ranged, true) => Some("⤢"),
            (Origin::Ranged, false) => Some("↗"),
            (Origin::Near, _) => Some("∢"),
            (Origin::Far, _) => Some("⋇"),
            (Origin::SelfOrigin, _) => None,
        }
    }
}

vocabulary! {
    /// The book's target words for an area power (L951-960): "Unless otherwise mentioned, area
    /// of effect powers target all creatures in the area of effect."
    pub enum AreaTarget ("area target") {
        NearestAlly = ("nearest ally", "Nearest ally"),
        NearestEnemy = ("nearest enemy", "Nearest enemy"),
        AllEnemies = ("all enemies", "All enemies"),
        AllAllies = ("all allies", "All allies"),
        OneAlly = ("one ally", "One ally"),
        OneEnemy = ("one enemy", "One enemy"),
        Any = ("any", "Any"),
    }
    aliases {
        "each enemy" => AllEnemies, "every enemy" => AllEnemies, "enemies" => AllEnemies,
        "each ally" => AllAllies, "every ally" => AllAllies, "allies" => AllAllies,
        "an enemy" => OneEnemy, "an ally" => OneAlly,
        "the nearest enemy" => NearestEnemy, "the nearest ally" => NearestAlly,
    }
}

impl AreaTarget {
    /// The book's word for an area power's targets as a designer wrote them, when they mean
    /// one: "each enemy in the burst" is "all enemies", "one ally in the arc" "one ally".
    /// Anything more ("each prone enemy", "... who can hear it") stays as written.
    pub(crate) fn of_text(targets: &str) -> Option<AreaTarget> {
        let t = targets.trim().trim_end_matches('.').to_lowercase();
        let t = [
            "burst",
            "arc",
            "wall",
            "area of effect",
            "area",
            "aura",
            "zone",
        ]
        .iter()
        .find_map(|a| t.strip_suffix(&format!(" in the {a}")))
        .unwrap_or(&t);
        AreaTarget::find(t)
    }

    /// As a power line prints it, after its origin: "Near burst 1, all enemies" (L1353).
    pub fn words(self) -> &'static str {
        self.key()
    }
}

vocabulary! {
    /// Area shapes (L936-939).
    pub enum AreaShape ("area shape") {
        Burst = ("burst", "burst"),
        Arc = ("arc", "arc"),
        Wall = ("wall", "wall"),
    }
}

/// An area of effect: `burst 2`, `arc 3`, `wall 5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Area {
    /// The area's shape.
    pub shape: AreaShape,
    /// Its size in squares ([`crate::limits::AREA_SIZE`]): a burst's radius, an arc's or a wall's
    /// length.
    pub size: u32,
}

impl Area {
    /// Reads `burst 2`, `arc 3` or `wall 5`; refuses an unknown shape or a size outside
    /// [`crate::limits::AREA_SIZE`].
    pub fn parse(input: &str) -> Result<Area, UnknownValue> {
        let t = input.trim();
        let (shape, size) = t.split_once(' ').unwrap_or((t, ""));
        let shape = AreaShape::parse(shape)?;
        let size = size.trim();
        let (negative, digits) = match size.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, size.strip_prefix('+').unwrap_or(size)),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(UnknownValue::new(
                "area",
                input,
                ["burst N", "arc N", "wall N"],
            ));
        }
        // Any whole number is read, so that its range refuses it rather than the word.
        let n = digits.parse::<i128>().unwrap_or(i128::MAX);
        let n = if negative { -n } else { n };
        let limit = crate::limits::AREA_SIZE;
        let size = i64::try_from(n)
            .ok()
            .filter(|v| limit.contains(*v))
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| UnknownValue::out_of_range("area", input, limit.refusal(n)))?;
        Ok(Area { shape, size })
    }
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.shape.key(), self.size)
    }
}

crate::rules::senses::string_serde!(
    Area,
    "an area such as `burst 2`, `arc 3` or `wall 5`",
    crate::rules::power_vocab::area_schema
);

vocabulary! {
    /// The four defenses (L973).
    pub enum Defense ("defense") {
        Ac = ("ac", "AC"),
        Fortitude = ("fortitude", "Fortitude"),
        Reflex = ("reflex", "Reflex"),
        Will = ("will", "Will"),
    }
    aliases { "fort" => Fortitude, "ref" => Reflex, "armor class" => Ac, "armour class" => Ac }
}

vocabulary! {
    /// Power tags: the glossary (L1005-1046), weapon and focus (L920-921), the traditions (L913,
    /// L2300), mount (L2286), and the damage types (L919).
    pub enum PowerTag ("power tag") {
        Augmentable = ("augmentable", "Augmentable"),
        Aura = ("aura", "Aura"),
        Boost = ("boost", "Boost"),
        Conjuration = ("conjuration", "Conjuration"),
        Consistent = ("consistent", "Consistent"),
        Form = ("form", "Form"),
        Stance = ("stance", "Stance"),
        Summons = ("summons", "Summons"),
        Teleportation = ("teleportation", "Teleportation"),
        WildShape = ("wild shape", "Wild Shape"),
        Zone = ("zone", "Zone"),
        Weapon = ("weapon", "Weapon"),
        Focus = ("focus", "Focus"),
        Mount = ("mount", "Mount"),
        Arcane = ("arcane", "Arcane"),
        Divine = ("divine", "Divine"),
        Martial = ("martial", "Martial"),
        Spirit = ("spirit", "Spirit"),
        Phrenic = ("phrenic", "Phrenic"),
        Natural = ("natural", "Natural"),
        Shadow = ("shadow", "Shadow"),
        Acid = ("acid", "Acid"),
        Cold = ("cold", "Cold"),
        Fire = ("fire", "Fire"),
        Force = ("force", "Force"),
        Lightning = ("lightning", "Lightning"),
        Necrotic = ("necrotic", "Necrotic"),
        Poison = ("poison", "Poison"),
        Psychic = ("psychic", "Psychic"),
        Radiant = ("radiant", "Radiant"),
        Thunder = ("thunder", "Thunder"),
    }
    aliases { "zones" => Zone, "summon" => Summons, "teleport" => Teleportation }
}

/// A JSON Schema pattern of an area as [`Area::parse`] reads it: a shape, a space, its size
/// ([`crate::limits::AREA_SIZE`]).
pub fn area_pattern() -> String {
    use crate::vocab::pattern::{WS, WS_NOT_SPACE, trimmed, whole_number, words};
    let size = crate::limits::AREA_SIZE;
    trimmed(&format!(
        "{}{WS_NOT_SPACE}* {WS}*{}",
        words(AreaShape::ALL),
        whole_number(size.min, size.max)
    ))
}

/// The schema of an area.
pub(crate) fn area_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    use crate::vocab::word_schema;
    let keys: Vec<String> = AreaShape::ALL
        .iter()
        .map(|s| format!("{} 1", s.key()))
        .collect();
    word_schema(
        &format!(
            "An area: burst, arc or wall and its size, {} (`burst 2`).",
            crate::limits::AREA_SIZE.range_text()
        ),
        &keys,
        area_pattern(),
    )
}
