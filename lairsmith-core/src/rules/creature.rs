//! What a monster is: size (with space and reach), source, type and tags (L1753-1799, R12, R14).

use crate::vocabulary;

vocabulary! {
    /// Size categories (L1298-1305, L1756-1762).
    pub enum Size ("size") {
        Tiny = ("tiny", "Tiny"),
        Small = ("small", "Small"),
        Medium = ("medium", "Medium"),
        Large = ("large", "Large"),
        Huge = ("huge", "Huge"),
        Gargantuan = ("gargantuan", "Gargantuan"),
    }
}

impl Size {
    /// Squares taken up, as the size table prints it (L1300-1305).
    pub(crate) fn space(self) -> &'static str {
        match self {
            Size::Tiny => "0.5 x 0.5",
            Size::Small | Size::Medium => "1 x 1",
            Size::Large => "2 x 2",
            Size::Huge => "3 x 3",
            Size::Gargantuan => "4 x 4 or more",
        }
    }

    /// R12: default reach, Tiny 0 and every other size 1 (L1175-1176).
    pub fn default_reach(self) -> u32 {
        match self {
            Size::Tiny => 0,
            _ => 1,
        }
    }

    /// Our one-line picture of the size (after L1757-1762).
    pub fn summary(self) -> &'static str {
        match self {
            Size::Tiny => "cat-sized or smaller; reach 0",
            Size::Small => "about the size of a dog",
            Size::Medium => "about the size of a person",
            Size::Large => "about the size of a cow; 2 x 2 squares",
            Size::Huge => "about the size of an elephant; 3 x 3 squares",
            Size::Gargantuan => "whale-sized or larger; 4 x 4 squares or more",
        }
    }
}

vocabulary! {
    /// Which plane a monster comes from (L1763-1769).
    pub enum Source ("source") {
        Cosmic = ("cosmic", "Cosmic"),
        Elemental = ("elemental", "Elemental"),
        Fey = ("fey", "Fey"),
        Natural = ("natural", "Natural"),
        Outsider = ("outsider", "Outsider"),
        Shadow = ("shadow", "Shadow"),
    }
    aliases {
        // R14: the glossary's "Immortal" (L2345) and Monster Knowledge's "aberration" (L365).
        "immortal" => Outsider,
        "aberration" => Cosmic,
    }
}

impl Source {
    /// The source in a few words, from the book's description of it: "alien to this universe".
    pub fn summary(self) -> &'static str {
        match self {
            Source::Cosmic => "alien to this universe",
            Source::Elemental => "native to the elemental planes",
            Source::Fey => "native to the Plane of Faerie",
            Source::Natural => "native to the world",
            Source::Outsider => "native to the outer planes",
            Source::Shadow => "native to the Plane of Shadow",
        }
    }
}

vocabulary! {
    /// Body and physiology (L1770-1774).
    pub enum CreatureType ("type") {
        Automaton = ("automaton", "Automaton"),
        Beast = ("beast", "Beast"),
        Humanoid = ("humanoid", "Humanoid"),
        Monstrosity = ("monstrosity", "Monstrosity"),
    }
}

impl CreatureType {
    /// The type in a few words, from the book's description of it: "an animal body and physiology".
    pub fn summary(self) -> &'static str {
        match self {
            CreatureType::Automaton => "assembled from raw matter or materials; no coherent organs",
            CreatureType::Beast => "an animal body and physiology",
            CreatureType::Humanoid => "a humanoid body and physiology",
            CreatureType::Monstrosity => "an unnatural body and physiology",
        }
    }
}

vocabulary! {
    /// Monster tags (L1775-1799, L1834). Undead comes in two variants (R9).
    pub enum Tag ("tag") {
        Air = ("air", "Air"),
        Aquatic = ("aquatic", "Aquatic"),
        Blind = ("blind", "Blind"),
        Celestial = ("celestial", "Celestial"),
        Cold = ("cold", "Cold"),
        Construct = ("construct", "Construct"),
        Demon = ("demon", "Demon"),
        Devil = ("devil", "Devil"),
        Dragon = ("dragon", "Dragon"),
        Earth = ("earth", "Earth"),
        Fire = ("fire", "Fire"),
        Giant = ("giant", "Giant"),
        Mount = ("mount", "Mount"),
        Ooze = ("ooze", "Ooze"),
        Plant = ("plant", "Plant"),
        Reptile = ("reptile", "Reptile"),
        Shapechanger = ("shapechanger", "Shapechanger"),
        Spider = ("spider", "Spider"),
        Swarm = ("swarm", "Swarm"),
        /// Undead made from a dead body (L1780).
        Undead = ("undead", "Undead"),
        /// Undead made from a dead spirit or soul (L1781).
        UndeadSpirit = ("undead-spirit", "Undead"),
        Water = ("water", "Water"),
    }
    aliases {
        "undead-body" => Undead,
        "undead-corporeal" => Undead,
        "undead-incorporeal" => UndeadSpirit,
    }
}

impl Tag {
    /// The tag in a few words, from the book's description of it: "lives partly or wholly
    /// underwater".
    pub fn summary(self) -> &'static str {
        match self {
            Tag::Air => "a special connection to elemental air",
            Tag::Aquatic => "lives partly or wholly underwater",
            Tag::Blind => "has no sight; perceives by other senses",
            Tag::Celestial => "comes from the Heavens",
            Tag::Cold => "a special connection to cold energy",
            Tag::Construct => "made from non-living matter",
            Tag::Demon => "comes from the evil elemental planes",
            Tag::Devil => "comes from Hell",
            Tag::Dragon => "a reptilian creature of elemental power, usually winged",
            Tag::Earth => "a special connection to elemental earth",
            Tag::Fire => "a special connection to elemental fire or fire energy",
            Tag::Giant => "a Large or larger humanoid kin to ogres and giants",
            Tag::Mount => "grants a rider benefits or powers",
            Tag::Ooze => "formless",
            Tag::Plant => "an animated plant",
            Tag::Reptile => "reptilian",
            Tag::Shapechanger => "changes its form freely or regularly",
            Tag::Spider => "an eight-legged arachnid",
            Tag::Swarm => "many small creatures acting as one",
            Tag::Undead => "raised from a dead body",
            Tag::UndeadSpirit => "a dead spirit or soul; incorporeal",
            Tag::Water => "a special connection to elemental water",
        }
    }
}

vocabulary! {
    /// Damage types (L1217-1234).
    pub enum DamageType ("damage type") {
        Acid = ("acid", "acid"),
        Cold = ("cold", "cold"),
        Fire = ("fire", "fire"),
        Force = ("force", "force"),
        Lightning = ("lightning", "lightning"),
        Necrotic = ("necrotic", "necrotic"),
        Poison = ("poison", "poison"),
        Psychic = ("psychic", "psychic"),
        Radiant = ("radiant", "radiant"),
        Thunder = ("thunder", "thunder"),
    }
}

vocabulary! {
    /// Conditions (L1482-1559).
    pub enum Condition ("condition") {
        Blinded = ("blinded", "blinded"),
        Controlled = ("controlled", "controlled"),
        Dazed = ("dazed", "dazed"),
        Deafened = ("deafened", "deafened"),
        Dying = ("dying", "dying"),
        Helpless = ("helpless", "helpless"),
        Immobile = ("immobile", "immobile"),
        Marked = ("marked", "marked"),
        Petrified = ("petrified", "petrified"),
        Prone = ("prone", "prone"),
        Rattled = ("rattled", "rattled"),
        Restrained = ("restrained", "restrained"),
        Slowed = ("slowed", "slowed"),
        Stunned = ("stunned", "stunned"),
        Surprised = ("surprised", "surprised"),
        Unconscious = ("unconscious", "unconscious"),
        Weakened = ("weakened", "weakened"),
    }
}

vocabulary! {
    /// Alignments: the default five (L536-540), "any" (L1657) and the nine-point variant (L541-552).
    pub enum Alignment ("alignment") {
        LawfulGood = ("lawful good", "Lawful good"),
        Good = ("good", "Good"),
        Unaligned = ("unaligned", "Unaligned"),
        Evil = ("evil", "Evil"),
        ChaoticEvil = ("chaotic evil", "Chaotic evil"),
        Any = ("any", "Any"),
        NeutralGood = ("neutral good", "Neutral good"),
        ChaoticGood = ("chaotic good", "Chaotic good"),
        LawfulNeutral = ("lawful neutral", "Lawful neutral"),
        Neutral = ("neutral", "Neutral"),
        ChaoticNeutral = ("chaotic neutral", "Chaotic neutral"),
        LawfulEvil = ("lawful evil", "Lawful evil"),
        NeutralEvil = ("neutral evil", "Neutral evil"),
    }
    aliases { "true neutral" => Neutral }
}
