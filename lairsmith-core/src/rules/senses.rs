//! Senses (L1832-1839, L1942-1952) and special movement (L1840-1852, R13, R14).

use crate::rules::creature::Size;
use crate::vocab::{UnknownValue, Vocabulary};
use crate::vocabulary;
use std::fmt;

vocabulary! {
    /// Special senses.
    pub enum SenseKind ("sense") {
        Darkvision = ("darkvision", "Darkvision"),
        LowLightVision = ("low-light vision", "Low-light vision"),
        Blindsight = ("blindsight", "Blindsight"),
        Tremorsense = ("tremorsense", "Tremorsense"),
        Truesight = ("truesight", "Truesight"),
        AllAroundVision = ("all-around vision", "All-around vision"),
    }
}

/// The range the creation guide gives ranged senses (L1837-1839).
pub const DEFAULT_SENSE_RANGE: u32 = 10;

impl SenseKind {
    /// Whether the sense has a range in squares (blindsight, tremorsense, truesight), written after
    /// it: `blindsight 10`.
    pub(crate) fn has_range(self) -> bool {
        matches!(
            self,
            SenseKind::Blindsight | SenseKind::Tremorsense | SenseKind::Truesight
        )
    }
}

/// A sense, with its range where it has one: written `blindsight 10`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sense {
    /// Which sense.
    pub kind: SenseKind,
    /// Its range in squares ([`crate::limits::SENSE_RANGE`]) for a sense that has one,
    /// [`DEFAULT_SENSE_RANGE`] when the file gives none; `None` for a sense without range.
    pub range: Option<u32>,
}

impl Sense {
    /// Reads `darkvision` or `blindsight 10`; refuses an unknown sense, a range outside
    /// [`crate::limits::SENSE_RANGE`], or a number after a sense that has no range.
    pub fn parse(input: &str) -> Result<Sense, UnknownValue> {
        let (name, number) = split_trailing_number(input);
        let kind = SenseKind::parse(name)?;
        let range = if kind.has_range() {
            Some(
                in_range(&crate::limits::SENSE_RANGE, number, input, "sense")?
                    .unwrap_or(DEFAULT_SENSE_RANGE),
            )
        } else if number.is_some() {
            // A number it would drop: the file would not say what lairsmith reads.
            return Err(UnknownValue::out_of_range(
                "sense",
                input,
                format!("{} has no range; write `{}`", kind.key(), kind.key()),
            ));
        } else {
            None
        };
        Ok(Sense { kind, range })
    }
}

impl fmt::Display for Sense {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.range {
            Some(r) => write!(f, "{} {r}", self.kind.key()),
            None => f.write_str(self.kind.key()),
        }
    }
}

/// A word's number within its range, or the sentence saying the range.
fn in_range(
    limit: &crate::limits::Limit,
    number: Option<i128>,
    input: &str,
    field: &'static str,
) -> Result<Option<u32>, UnknownValue> {
    number
        .map(|n| {
            i64::try_from(n)
                .ok()
                .filter(|n| limit.contains(*n))
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| UnknownValue::out_of_range(field, input, limit.refusal(n)))
        })
        .transpose()
}

/// Splits "maximum altitude 2" into ("maximum altitude", Some(2)). Any whole number is taken,
/// however large or negative, so that its range is what refuses it, not the word.
fn split_trailing_number(input: &str) -> (&str, Option<i128>) {
    let t = input.trim();
    let Some((head, tail)) = t.rsplit_once(' ') else {
        return (t, None);
    };
    let (negative, digits) = match tail.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, tail.strip_prefix('+').unwrap_or(tail)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return (t, None);
    }
    // Past i128 the number is only "far too large" (or small): its range says so.
    let n = digits.parse::<i128>().unwrap_or(i128::MAX);
    (head.trim(), Some(if negative { -n } else { n }))
}

vocabulary! {
    /// Difficult terrain a monster ignores (L1274-1280).
    pub enum Stride ("terrain stride") {
        Ice = ("ice", "Ice"),
        Swamp = ("swamp", "Swamp"),
        Stone = ("stone", "Stone"),
        Woodland = ("woodland", "Woodland"),
        Web = ("web", "Web"),
        Versatile = ("versatile", "Versatile"),
    }
}

/// The clumsiness penalty (L1847-1849, L1268).
pub const CLUMSY_PENALTY: i32 = -4;

/// A way of moving that has its own speed besides walking (L1256-1280), in the order a stat
/// block lists them after the walking speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MovementMode {
    /// Flying: a flier must move at least 2 squares a round or crash, unless it hovers.
    Fly,
    /// Swimming, without spending extra movement.
    Swim,
    /// Climbing on vertical surfaces, without spending extra movement.
    Climb,
    /// Burrowing through sand, earth, mud or ice (not solid rock, unless it has earth glide).
    Burrow,
    /// Teleporting.
    Teleport,
}

impl MovementMode {
    /// Every mode, in the stat block's order.
    pub(crate) const ALL: [MovementMode; 5] = [
        MovementMode::Fly,
        MovementMode::Swim,
        MovementMode::Climb,
        MovementMode::Burrow,
        MovementMode::Teleport,
    ];

    /// The mode's word, as a design file's key and a stat block print it ("fly 6").
    pub(crate) fn word(self) -> &'static str {
        match self {
            MovementMode::Fly => "fly",
            MovementMode::Swim => "swim",
            MovementMode::Climb => "climb",
            MovementMode::Burrow => "burrow",
            MovementMode::Teleport => "teleport",
        }
    }
}

impl fmt::Display for MovementMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Special movement properties (L1843-1852, L1256-1280).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MovementTrait {
    /// Terrain stride: ignores one kind of difficult terrain ("ice stride"), or all of it
    /// ("versatile stride"). Written `ice stride` and so on.
    TerrainStride(Stride),
    /// R14: "wall-walker" and "wall-climber" are one trait, printed "Wall-walker".
    WallWalker,
    /// Phasing: moves through difficult terrain, obstacles and creatures without penalty.
    Phasing,
    /// Clumsy on ground: [`CLUMSY_PENALTY`] to attack rolls and defenses while on the ground.
    ClumsyOnGround,
    /// Clumsy in air: [`CLUMSY_PENALTY`] to attack rolls and defenses while flying.
    ClumsyInAir,
    /// Clumsy in water: a poor swimmer, comfortable on the ground; the book states the
    /// [`CLUMSY_PENALTY`] for clumsy on ground and in air only.
    ClumsyInWater,
    /// Hover: stays in place while flying, even unconscious; need not move 2 squares a round.
    Hover,
    /// Maximum altitude, in squares ([`crate::limits::ALTITUDE`]): it crashes if it flies higher.
    /// Written `maximum altitude 2`.
    MaximumAltitude(u32),
    /// Compress: moves through spaces as a creature of the given size (`compress Medium`), or of a
    /// size the file does not say (`compress`).
    Compress(Option<Size>),
    /// Earth glide: burrows through earthen matter and rock without disturbing it.
    EarthGlide,
}

/// Every movement trait as written in files, for messages.
pub const MOVEMENT_TRAIT_NAMES: &[&str] = &[
    "ice stride",
    "swamp stride",
    "stone stride",
    "woodland stride",
    "web stride",
    "versatile stride",
    "wall-walker",
    "phasing",
    "clumsy on ground",
    "clumsy in air",
    "clumsy in water",
    "hover",
    "maximum altitude N",
    "compress",
    "compress SIZE",
    "earth glide",
];

impl MovementTrait {
    /// Reads a movement trait as [`MOVEMENT_TRAIT_NAMES`] writes them, in any case; refuses an
    /// unknown one or an altitude outside [`crate::limits::ALTITUDE`].
    pub fn parse(input: &str) -> Result<MovementTrait, UnknownValue> {
        // ASCII lower case, as every closed word is read (`to_lowercase` would read the Kelvin
        // sign as a `k`).
        let lower = input.trim().to_ascii_lowercase().replace('_', " ");
        let (name, number) = split_trailing_number(&lower);
        let t = match name {
            "wall-walker" | "wall walker" | "wall-climber" | "wall climber" => {
                MovementTrait::WallWalker
            }
            "phasing" => MovementTrait::Phasing,
            "clumsy on ground" => MovementTrait::ClumsyOnGround,
            "clumsy in air" => MovementTrait::ClumsyInAir,
            "clumsy in water" => MovementTrait::ClumsyInWater,
            "hover" => MovementTrait::Hover,
            "earth glide" => MovementTrait::EarthGlide,
            "compress" => MovementTrait::Compress(None),
            "maximum altitude" | "max altitude" if number.is_some() => {
                MovementTrait::MaximumAltitude(
                    in_range(&crate::limits::ALTITUDE, number, input, "movement trait")?
                        .unwrap_or_default(),
                )
            }
            other => {
                let size = other
                    .strip_prefix("compress ")
                    .and_then(|size| Size::parse(size).ok());
                let stride = other
                    .strip_suffix(" stride")
                    .or_else(|| other.strip_prefix("terrain stride "))
                    .and_then(|s| Stride::parse(s.trim_matches(|c| c == '(' || c == ')')).ok());
                match (size, stride) {
                    (Some(size), _) => MovementTrait::Compress(Some(size)),
                    (None, Some(s)) => MovementTrait::TerrainStride(s),
                    (None, None) => {
                        return Err(UnknownValue::new(
                            "movement trait",
                            input,
                            MOVEMENT_TRAIT_NAMES.iter().copied(),
                        ));
                    }
                }
            }
        };
        // Only the maximum altitude has a number, and the clumsy traits their penalty as the
        // stat block prints it; a number lairsmith would drop is refused.
        let clumsy = matches!(
            t,
            MovementTrait::ClumsyOnGround
                | MovementTrait::ClumsyInAir
                | MovementTrait::ClumsyInWater
        );
        match number {
            None => {}
            Some(_) if matches!(t, MovementTrait::MaximumAltitude(_)) => {}
            Some(n) if clumsy && n == i128::from(CLUMSY_PENALTY) => {}
            Some(n) => {
                let why = if clumsy {
                    format!("the clumsy penalty is {CLUMSY_PENALTY}, not {n}; write `{t}`")
                } else {
                    format!("`{t}` takes no number; write `{t}`")
                };
                return Err(UnknownValue::out_of_range("movement trait", input, why));
            }
        }
        Ok(t)
    }
}

impl fmt::Display for MovementTrait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MovementTrait::TerrainStride(s) => write!(f, "{} stride", s.key()),
            MovementTrait::WallWalker => f.write_str("wall-walker"),
            MovementTrait::Phasing => f.write_str("phasing"),
            MovementTrait::ClumsyOnGround => write!(f, "clumsy on ground {CLUMSY_PENALTY}"),
            MovementTrait::ClumsyInAir => write!(f, "clumsy in air {CLUMSY_PENALTY}"),
            MovementTrait::ClumsyInWater => write!(f, "clumsy in water {CLUMSY_PENALTY}"),
            MovementTrait::Hover => f.write_str("hover"),
            MovementTrait::MaximumAltitude(n) => write!(f, "maximum altitude {n}"),
            MovementTrait::Compress(None) => f.write_str("compress"),
            MovementTrait::Compress(Some(s)) => write!(f, "compress {}", s.key()),
            MovementTrait::EarthGlide => f.write_str("earth glide"),
        }
    }
}

/// Serde for types that are written as one string and parsed with an [`UnknownValue`] error.
macro_rules! string_serde {
    ($t:ty, $what:literal, $schema:path) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl serde::de::Visitor<'_> for V {
                    type Value = $t;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str($what)
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$t, E> {
                        <$t>::parse(v).map_err(E::custom)
                    }
                }
                d.deserialize_str(V)
            }
        }
        impl schemars::JsonSchema for $t {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($t).into()
            }
            fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
                $schema(g)
            }
        }
    };
}
pub(crate) use string_serde;

string_serde!(
    Sense,
    "a sense such as `darkvision` or `blindsight 10`",
    crate::rules::senses::sense_schema
);
string_serde!(
    MovementTrait,
    "a movement trait such as `hover` or `swamp stride`",
    crate::rules::senses::movement_trait_schema
);

/// A JSON Schema pattern of a sense as [`Sense::parse`] reads it: a sense's word, and after a
/// space the range of one that has a range ([`crate::limits::SENSE_RANGE`]).
pub fn sense_pattern() -> String {
    use crate::vocab::pattern::{WS, trimmed, whole_number, words};
    let (ranged, plain): (Vec<SenseKind>, Vec<SenseKind>) =
        SenseKind::ALL.iter().partition(|k| k.has_range());
    let range = crate::limits::SENSE_RANGE;
    trimmed(&format!(
        "(?:{}|{}(?:{WS}* {})?)",
        words(&plain),
        words(&ranged),
        whole_number(range.min, range.max)
    ))
}

/// A JSON Schema pattern of a movement trait as [`MovementTrait::parse`] reads it.
pub fn movement_trait_pattern() -> String {
    use crate::vocab::pattern::{WS_OR_UNDERSCORE, one_of, spelling, whole_number, words};
    let u = WS_OR_UNDERSCORE;
    // Its words in any case, one `_` or space between them.
    let phrase = |p: &str| {
        let mut out = String::new();
        for c in p.chars() {
            match c {
                ' ' => out.push_str("[ _]"),
                '-' => out.push_str("[-_ ]"),
                c => out.push_str(&spelling(&c.to_string())),
            }
        }
        out
    };
    let altitude = crate::limits::ALTITUDE;
    let stride = format!(r"[()]*{u}*{}{u}*[()]*", words(Stride::ALL));
    let alternatives = [
        phrase("wall-walker"),
        phrase("wall-climber"),
        phrase("phasing"),
        phrase("hover"),
        phrase("earth glide"),
        phrase("compress"),
        format!("{}{u}*{}", phrase("compress "), words(Size::ALL)),
        format!(
            "{}(?:{u}*[ _]-0*{})?",
            one_of(["clumsy on ground", "clumsy in air", "clumsy in water"].map(phrase)),
            CLUMSY_PENALTY.unsigned_abs()
        ),
        format!(
            "{}{u}*[ _]{}",
            one_of(["maximum altitude", "max altitude"].map(phrase)),
            whole_number(altitude.min, altitude.max)
        ),
        format!("{stride}{}", phrase(" stride")),
        format!("{}{stride}", phrase("terrain stride ")),
    ];
    format!("^{u}*{}{u}*$", one_of(alternatives))
}

/// The schema of a sense.
pub(crate) fn sense_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    use crate::vocab::{keys_of, word_schema};
    let r = crate::limits::SENSE_RANGE;
    word_schema(
        &format!(
            "A sense: {}; blindsight, tremorsense and truesight may give a range, {} (`blindsight 10`).",
            keys_of(SenseKind::ALL).join(", "),
            r.range_text()
        ),
        &keys_of(SenseKind::ALL),
        sense_pattern(),
    )
}

/// The schema of a movement trait.
pub(crate) fn movement_trait_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    use crate::vocab::word_schema;
    let mut keys: Vec<String> = Stride::ALL
        .iter()
        .map(|s| MovementTrait::TerrainStride(*s))
        .chain([
            MovementTrait::WallWalker,
            MovementTrait::Phasing,
            MovementTrait::ClumsyOnGround,
            MovementTrait::ClumsyInAir,
            MovementTrait::ClumsyInWater,
            MovementTrait::Hover,
            MovementTrait::Compress(None),
        ])
        .chain(Size::ALL.iter().map(|s| MovementTrait::Compress(Some(*s))))
        .chain([MovementTrait::EarthGlide])
        .map(|t| t.to_string())
        .collect();
    keys.push(MovementTrait::MaximumAltitude(2).to_string());
    word_schema(
        &format!(
            "A movement trait: {} (maximum altitude {}).",
            MOVEMENT_TRAIT_NAMES.join(", "),
            crate::limits::ALTITUDE.range_text()
        ),
        &keys,
        movement_trait_pattern(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r14_wall_climber_reads_as_wall_walker() {
        assert_eq!(
            MovementTrait::parse("Wall-climber").unwrap(),
            MovementTrait::WallWalker
        );
        assert_eq!(MovementTrait::WallWalker.to_string(), "wall-walker");
    }

    #[test]
    fn movement_traits_round_trip() {
        for name in [
            "ice stride",
            "wall-walker",
            "phasing",
            "clumsy on ground -4",
            "clumsy in air -4",
            "clumsy in water -4",
            "hover",
            "maximum altitude 2",
            "compress",
            "compress medium",
            "earth glide",
            "versatile stride",
        ] {
            let t = MovementTrait::parse(name).unwrap();
            assert_eq!(t.to_string(), name);
        }
        let err = MovementTrait::parse("hoover").unwrap_err();
        assert_eq!(err.suggestion.as_deref(), Some("hover"));
    }

    #[test]
    fn senses_default_their_range() {
        let s = Sense::parse("Blindsight").unwrap();
        assert_eq!(s.range, Some(10));
        assert_eq!(
            Sense::parse("tremorsense 5").unwrap().to_string(),
            "tremorsense 5"
        );
        assert_eq!(Sense::parse("darkvision").unwrap().range, None);
    }
}
