//! The book's numeric tables, copied once, row for row, from the Orcus rulebook
//! (`seeds/000_314288786004b83b.txt`; the `L` numbers are its lines). Every other module asks
//! here; nothing else holds a copy.

/// One row of "Table - Monster XP" (L1691-1723): XP by rank at one level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct XpRow {
    /// XP of a mook of this level.
    pub mook: u32,
    /// XP of a standard monster of this level.
    pub standard: u32,
    /// XP of an elite of this level (twice a standard's).
    pub elite: u32,
    /// XP of a boss of this level (five times a standard's).
    pub boss: u32,
}

/// "Table - Monster XP", levels 1-30 (index 0 is level 1). R6: XP always comes from this
/// table, never from a formula (the mook column rounds to nearest: 38, 44, 63, 88).
#[rustfmt::skip]
pub const MONSTER_XP: [XpRow; 30] = [
    XpRow { mook: 25, standard: 100, elite: 200, boss: 500 }, // L1694: level 1
    XpRow { mook: 31, standard: 125, elite: 250, boss: 625 }, // L1695: level 2
    XpRow { mook: 38, standard: 150, elite: 300, boss: 750 }, // L1696: level 3
    XpRow { mook: 44, standard: 175, elite: 350, boss: 875 }, // L1697: level 4
    XpRow { mook: 50, standard: 200, elite: 400, boss: 1000 }, // L1698: level 5
    XpRow { mook: 63, standard: 250, elite: 500, boss: 1250 }, // L1699: level 6
    XpRow { mook: 75, standard: 300, elite: 600, boss: 1500 }, // L1700: level 7
    XpRow { mook: 88, standard: 350, elite: 700, boss: 1750 }, // L1701: level 8
    XpRow { mook: 100, standard: 400, elite: 800, boss: 2000 }, // L1702: level 9
    XpRow { mook: 125, standard: 500, elite: 1000, boss: 2500 }, // L1703: level 10
    XpRow { mook: 150, standard: 600, elite: 1200, boss: 3000 }, // L1704: level 11
    XpRow { mook: 175, standard: 700, elite: 1400, boss: 3500 }, // L1705: level 12
    XpRow { mook: 200, standard: 800, elite: 1600, boss: 4000 }, // L1706: level 13
    XpRow { mook: 250, standard: 1000, elite: 2000, boss: 5000 }, // L1707: level 14
    XpRow { mook: 300, standard: 1200, elite: 2400, boss: 6000 }, // L1708: level 15
    XpRow { mook: 350, standard: 1400, elite: 2800, boss: 7000 }, // L1709: level 16
    XpRow { mook: 400, standard: 1600, elite: 3200, boss: 8000 }, // L1710: level 17
    XpRow { mook: 500, standard: 2000, elite: 4000, boss: 10000 }, // L1711: level 18
    XpRow { mook: 600, standard: 2400, elite: 4800, boss: 12000 }, // L1712: level 19
    XpRow { mook: 700, standard: 2800, elite: 5600, boss: 14000 }, // L1713: level 20
    XpRow { mook: 800, standard: 3200, elite: 6400, boss: 16000 }, // L1714: level 21
    XpRow { mook: 1000, standard: 4000, elite: 8000, boss: 20000 }, // L1715: level 22
    XpRow { mook: 1200, standard: 4800, elite: 9600, boss: 24000 }, // L1716: level 23
    XpRow { mook: 1400, standard: 5600, elite: 11200, boss: 28000 }, // L1717: level 24
    XpRow { mook: 1600, standard: 6400, elite: 12800, boss: 32000 }, // L1718: level 25
    XpRow { mook: 2000, standard: 8000, elite: 16000, boss: 40000 }, // L1719: level 26
    XpRow { mook: 2400, standard: 9600, elite: 19200, boss: 48000 }, // L1720: level 27
    XpRow { mook: 2800, standard: 11200, elite: 22400, boss: 56000 }, // L1721: level 28
    XpRow { mook: 3200, standard: 12800, elite: 25600, boss: 64000 }, // L1722: level 29
    XpRow { mook: 4000, standard: 16000, elite: 32000, boss: 80000 }, // L1723: level 30
];

/// One row of "Table - Monster Level and Damage" (L1870-1907).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DamageRow {
    /// A mook's static damage per hit ("Mook Damage"): mooks roll no dice.
    pub mook: u32,
    /// "At-Will Damage (Single Target)", as dice: `"1d10+3"`.
    pub at_will_single: &'static str,
    /// "At-Will Damage (Multi-Target)", as dice.
    pub at_will_multi: &'static str,
    /// "Surge Damage (Single Target)": powers usable once per encounter or on a refresh.
    pub surge_single: &'static str,
    /// "Surge Damage (Multi-Target)".
    pub surge_multi: &'static str,
    /// "Wrecker Bonus Damage", added to every attack of a wrecker (a mook wrecker adds half,
    /// rounded down).
    pub wrecker_bonus: u32,
}

/// "Table - Monster Level and Damage", levels 1-35 (index 0 is level 1). R1 keeps rows 31-35
/// as data although monsters stop at level 30. R10: the only source of monster damage.
#[rustfmt::skip]
pub const MONSTER_DAMAGE: [DamageRow; 35] = [
    DamageRow { mook: 5, at_will_single: "1d10+3", at_will_multi: "1d6+3", surge_single: "2d8+3", surge_multi: "1d10+3", wrecker_bonus: 2 }, // L1873: level 1
    DamageRow { mook: 5, at_will_single: "1d12+3", at_will_multi: "1d8+3", surge_single: "2d10+2", surge_multi: "1d12+3", wrecker_bonus: 3 }, // L1874: level 2
    DamageRow { mook: 6, at_will_single: "1d12+4", at_will_multi: "1d8+3", surge_single: "2d10+3", surge_multi: "1d12+4", wrecker_bonus: 3 }, // L1875: level 3
    DamageRow { mook: 6, at_will_single: "1d12+5", at_will_multi: "1d8+4", surge_single: "2d12+3", surge_multi: "1d12+5", wrecker_bonus: 3 }, // L1876: level 4
    DamageRow { mook: 7, at_will_single: "2d8+4", at_will_multi: "1d10+4", surge_single: "2d12+4", surge_multi: "2d8+4", wrecker_bonus: 3 }, // L1877: level 5
    DamageRow { mook: 7, at_will_single: "2d10+3", at_will_multi: "1d12+4", surge_single: "3d8+5", surge_multi: "2d10+3", wrecker_bonus: 4 }, // L1878: level 6
    DamageRow { mook: 8, at_will_single: "2d10+4", at_will_multi: "1d12+4", surge_single: "3d10+3", surge_multi: "2d10+4", wrecker_bonus: 4 }, // L1879: level 7
    DamageRow { mook: 8, at_will_single: "2d10+5", at_will_multi: "1d12+5", surge_single: "3d10+5", surge_multi: "2d10+5", wrecker_bonus: 4 }, // L1880: level 8
    DamageRow { mook: 9, at_will_single: "2d12+4", at_will_multi: "1d12+6", surge_single: "4d8+5", surge_multi: "2d12+4", wrecker_bonus: 4 }, // L1881: level 9
    DamageRow { mook: 9, at_will_single: "2d12+5", at_will_multi: "2d8+5", surge_single: "4d8+6", surge_multi: "2d12+5", wrecker_bonus: 5 }, // L1882: level 10
    DamageRow { mook: 10, at_will_single: "3d8+5", at_will_multi: "2d8+5", surge_single: "6d6+4", surge_multi: "3d8+5", wrecker_bonus: 5 }, // L1883: level 11
    DamageRow { mook: 10, at_will_single: "3d8+6", at_will_multi: "2d8+6", surge_single: "6d6+6", surge_multi: "3d8+6", wrecker_bonus: 5 }, // L1884: level 12
    DamageRow { mook: 11, at_will_single: "3d8+7", at_will_multi: "2d10+5", surge_single: "4d10+6", surge_multi: "3d8+7", wrecker_bonus: 5 }, // L1885: level 13
    DamageRow { mook: 11, at_will_single: "3d10+5", at_will_multi: "2d10+6", surge_single: "5d8+6", surge_multi: "3d10+5", wrecker_bonus: 6 }, // L1886: level 14
    DamageRow { mook: 12, at_will_single: "3d10+6", at_will_multi: "2d10+6", surge_single: "5d8+7", surge_multi: "3d10+6", wrecker_bonus: 6 }, // L1887: level 15
    DamageRow { mook: 12, at_will_single: "3d10+7", at_will_multi: "2d10+7", surge_single: "7d6+7", surge_multi: "3d10+7", wrecker_bonus: 6 }, // L1888: level 16
    DamageRow { mook: 13, at_will_single: "4d8+7", at_will_multi: "2d12+6", surge_single: "4d12+7", surge_multi: "4d8+7", wrecker_bonus: 6 }, // L1889: level 17
    DamageRow { mook: 13, at_will_single: "4d8+8", at_will_multi: "2d12+7", surge_single: "5d10+7", surge_multi: "4d8+8", wrecker_bonus: 7 }, // L1890: level 18
    DamageRow { mook: 14, at_will_single: "6d6+6", at_will_multi: "2d12+7", surge_single: "5d10+8", surge_multi: "6d6+6", wrecker_bonus: 7 }, // L1891: level 19
    DamageRow { mook: 14, at_will_single: "6d6+7", at_will_multi: "2d12+8", surge_single: "7d8+6", surge_multi: "6d6+7", wrecker_bonus: 7 }, // L1892: level 20
    DamageRow { mook: 15, at_will_single: "6d6+8", at_will_multi: "3d8+8", surge_single: "7d8+7", surge_multi: "6d6+8", wrecker_bonus: 7 }, // L1893: level 21
    DamageRow { mook: 15, at_will_single: "4d10+8", at_will_multi: "3d8+9", surge_single: "7d8+8", surge_multi: "4d10+8", wrecker_bonus: 8 }, // L1894: level 22
    DamageRow { mook: 16, at_will_single: "5d8+8", at_will_multi: "3d8+9", surge_single: "5d12+8", surge_multi: "5d8+8", wrecker_bonus: 8 }, // L1895: level 23
    DamageRow { mook: 16, at_will_single: "5d8+9", at_will_multi: "3d8+10", surge_single: "5d12+10", surge_multi: "5d8+9", wrecker_bonus: 8 }, // L1896: level 24
    DamageRow { mook: 17, at_will_single: "5d8+10", at_will_multi: "3d10+8", surge_single: "8d8+8", surge_multi: "5d8+10", wrecker_bonus: 8 }, // L1897: level 25
    DamageRow { mook: 17, at_will_single: "7d6+9", at_will_multi: "3d10+9", surge_single: "8d8+9", surge_multi: "7d6+9", wrecker_bonus: 9 }, // L1898: level 26
    DamageRow { mook: 18, at_will_single: "4d12+9", at_will_multi: "3d10+9", surge_single: "8d8+10", surge_multi: "4d12+9", wrecker_bonus: 9 }, // L1899: level 27
    DamageRow { mook: 18, at_will_single: "4d12+10", at_will_multi: "3d10+10", surge_single: "6d12+9", surge_multi: "4d12+10", wrecker_bonus: 9 }, // L1900: level 28
    DamageRow { mook: 19, at_will_single: "6d8+10", at_will_multi: "4d8+10", surge_single: "6d12+10", surge_multi: "6d8+10", wrecker_bonus: 9 }, // L1901: level 29
    DamageRow { mook: 19, at_will_single: "5d10+10", at_will_multi: "4d8+11", surge_single: "9d8+10", surge_multi: "5d10+10", wrecker_bonus: 10 }, // L1902: level 30
    DamageRow { mook: 20, at_will_single: "5d10+11", at_will_multi: "4d8+11", surge_single: "9d8+11", surge_multi: "5d10+11", wrecker_bonus: 10 }, // L1903: level 31
    DamageRow { mook: 20, at_will_single: "5d10+12", at_will_multi: "4d8+12", surge_single: "8d10+10", surge_multi: "5d10+12", wrecker_bonus: 10 }, // L1904: level 32
    DamageRow { mook: 21, at_will_single: "7d8+9", at_will_multi: "6d6+10", surge_single: "8d10+11", surge_multi: "7d8+9", wrecker_bonus: 10 }, // L1905: level 33
    DamageRow { mook: 21, at_will_single: "7d8+10", at_will_multi: "6d6+11", surge_single: "7d12+10", surge_multi: "7d8+10", wrecker_bonus: 11 }, // L1906: level 34
    DamageRow { mook: 22, at_will_single: "7d8+11", at_will_multi: "6d6+11", surge_single: "7d12+11", surge_multi: "7d8+11", wrecker_bonus: 11 }, // L1907: level 35
];

/// One row of "Table - Recommended Difficulty Classes by Level" (L264-296).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DcRow {
    /// The Easy DC at this level.
    pub easy: u32,
    /// The Moderate DC at this level; the Monster Knowledge check's first DC (R15).
    pub moderate: u32,
    /// The Hard DC at this level; the Monster Knowledge check's second DC (R15).
    pub hard: u32,
}

/// Recommended DCs, levels 1-30 (index 0 is level 1). R15 uses Moderate and Hard at the
/// monster's level for its knowledge check.
#[rustfmt::skip]
pub const RECOMMENDED_DCS: [DcRow; 30] = [
    DcRow { easy: 8, moderate: 12, hard: 18 }, // L267: level 1
    DcRow { easy: 9, moderate: 13, hard: 19 }, // L268: level 2
    DcRow { easy: 9, moderate: 14, hard: 20 }, // L269: level 3
    DcRow { easy: 10, moderate: 14, hard: 21 }, // L270: level 4
    DcRow { easy: 10, moderate: 15, hard: 22 }, // L271: level 5
    DcRow { easy: 11, moderate: 16, hard: 22 }, // L272: level 6
    DcRow { easy: 11, moderate: 16, hard: 23 }, // L273: level 7
    DcRow { easy: 12, moderate: 17, hard: 24 }, // L274: level 8
    DcRow { easy: 12, moderate: 18, hard: 25 }, // L275: level 9
    DcRow { easy: 13, moderate: 19, hard: 26 }, // L276: level 10
    DcRow { easy: 13, moderate: 19, hard: 26 }, // L277: level 11
    DcRow { easy: 14, moderate: 20, hard: 27 }, // L278: level 12
    DcRow { easy: 14, moderate: 21, hard: 28 }, // L279: level 13
    DcRow { easy: 15, moderate: 21, hard: 29 }, // L280: level 14
    DcRow { easy: 15, moderate: 22, hard: 30 }, // L281: level 15
    DcRow { easy: 16, moderate: 23, hard: 30 }, // L282: level 16
    DcRow { easy: 16, moderate: 23, hard: 31 }, // L283: level 17
    DcRow { easy: 17, moderate: 24, hard: 32 }, // L284: level 18
    DcRow { easy: 17, moderate: 25, hard: 33 }, // L285: level 19
    DcRow { easy: 18, moderate: 26, hard: 34 }, // L286: level 20
    DcRow { easy: 18, moderate: 26, hard: 34 }, // L287: level 21
    DcRow { easy: 19, moderate: 27, hard: 35 }, // L288: level 22
    DcRow { easy: 19, moderate: 28, hard: 36 }, // L289: level 23
    DcRow { easy: 20, moderate: 28, hard: 37 }, // L290: level 24
    DcRow { easy: 20, moderate: 29, hard: 38 }, // L291: level 25
    DcRow { easy: 21, moderate: 30, hard: 38 }, // L292: level 26
    DcRow { easy: 21, moderate: 30, hard: 39 }, // L293: level 27
    DcRow { easy: 22, moderate: 31, hard: 40 }, // L294: level 28
    DcRow { easy: 22, moderate: 32, hard: 41 }, // L295: level 29
    DcRow { easy: 23, moderate: 33, hard: 42 }, // L296: level 30
];

/// "Table - Treasure per Player per 10 Encounters" (L2049-2081), in gold pieces, levels 1-30
/// (index 0 is level 1). E5 divides it by ten for one encounter.
#[rustfmt::skip]
pub const TREASURE_PER_PLAYER_PER_10_ENCOUNTERS_GP: [u32; 30] = [
    144, // L2052: level 1
    208, // L2053: level 2
    272, // L2054: level 3
    336, // L2055: level 4
    400, // L2056: level 5
    720, // L2057: level 6
    1040, // L2058: level 7
    1360, // L2059: level 8
    1680, // L2060: level 9
    2000, // L2061: level 10
    3600, // L2062: level 11
    5200, // L2063: level 12
    6800, // L2064: level 13
    8400, // L2065: level 14
    10000, // L2066: level 15
    18000, // L2067: level 16
    26000, // L2068: level 17
    34000, // L2069: level 18
    42000, // L2070: level 19
    50000, // L2071: level 20
    90000, // L2072: level 21
    130000, // L2073: level 22
    170000, // L2074: level 23
    210000, // L2075: level 24
    250000, // L2076: level 25
    450000, // L2077: level 26
    650000, // L2078: level 27
    850000, // L2079: level 28
    1050000, // L2080: level 29
    1250000, // L2081: level 30
];

/// One row of "Table - Levels and Their Benefits" (L576-613): the XP a character needs to reach
/// the next level (none at level 30) and the cumulative XP at which the level starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelRow {
    /// XP a character needs to go from this level to the next; `None` at level 30.
    pub to_next: Option<u32>,
    /// Total XP at which a character reaches this level (0 at level 1).
    pub cumulative: u32,
}

/// "Table - Levels and Their Benefits", levels 1-30 (index 0 is level 1). A1 levels a party up
/// when its XP reaches the next row's cumulative XP. The book prints "-" for level 1's
/// cumulative XP: a character starts at 0.
#[rustfmt::skip]
pub const LEVELS: [LevelRow; 30] = [
    LevelRow { to_next: Some(1000), cumulative: 0 }, // L582: level 1
    LevelRow { to_next: Some(1250), cumulative: 1000 }, // L583: level 2
    LevelRow { to_next: Some(1500), cumulative: 2250 }, // L584: level 3
    LevelRow { to_next: Some(1750), cumulative: 3750 }, // L585: level 4
    LevelRow { to_next: Some(2000), cumulative: 5500 }, // L586: level 5
    LevelRow { to_next: Some(2500), cumulative: 7500 }, // L587: level 6
    LevelRow { to_next: Some(3000), cumulative: 10000 }, // L588: level 7
    LevelRow { to_next: Some(3500), cumulative: 13000 }, // L589: level 8
    LevelRow { to_next: Some(4000), cumulative: 16500 }, // L590: level 9
    LevelRow { to_next: Some(5000), cumulative: 20500 }, // L591: level 10
    LevelRow { to_next: Some(6000), cumulative: 25500 }, // L593: level 11
    LevelRow { to_next: Some(7000), cumulative: 31500 }, // L594: level 12
    LevelRow { to_next: Some(8000), cumulative: 38500 }, // L595: level 13
    LevelRow { to_next: Some(10000), cumulative: 46500 }, // L596: level 14
    LevelRow { to_next: Some(12000), cumulative: 56500 }, // L597: level 15
    LevelRow { to_next: Some(14000), cumulative: 68500 }, // L598: level 16
    LevelRow { to_next: Some(16000), cumulative: 82500 }, // L599: level 17
    LevelRow { to_next: Some(20000), cumulative: 98500 }, // L600: level 18
    LevelRow { to_next: Some(24000), cumulative: 118500 }, // L601: level 19
    LevelRow { to_next: Some(28000), cumulative: 142500 }, // L602: level 20
    LevelRow { to_next: Some(32000), cumulative: 170500 }, // L604: level 21
    LevelRow { to_next: Some(40000), cumulative: 202500 }, // L605: level 22
    LevelRow { to_next: Some(48000), cumulative: 242500 }, // L606: level 23
    LevelRow { to_next: Some(56000), cumulative: 290500 }, // L607: level 24
    LevelRow { to_next: Some(64000), cumulative: 346500 }, // L608: level 25
    LevelRow { to_next: Some(80000), cumulative: 410500 }, // L609: level 26
    LevelRow { to_next: Some(96000), cumulative: 490500 }, // L610: level 27
    LevelRow { to_next: Some(112000), cumulative: 586500 }, // L611: level 28
    LevelRow { to_next: Some(128000), cumulative: 698500 }, // L612: level 29
    LevelRow { to_next: None, cumulative: 826500 }, // L613: level 30
];

/// The unit of a trove's coins: the table gives gold to level 13 and platinum from 14.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoinUnit {
    /// Gold pieces (levels 1 to 13).
    Gp,
    /// Platinum pieces (levels 14 and up).
    Pp,
}

/// One row of "Table - Treasure Troves by Level" (L2100-2132).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TroveRow {
    /// The "Coin Multiplier": a 1d6 roll times this is the trove's coins, when it holds any.
    pub coin_multiplier: u32,
    /// The coins' unit.
    pub coin_unit: CoinUnit,
    /// The "Gemstone Value", in gold pieces.
    pub gemstone_gp: u32,
    /// The "Art Object Value", in gold pieces.
    pub art_object_gp: u32,
}

/// "Table - Treasure Troves by Level", average party levels 1-30 (index 0 is level 1).
#[rustfmt::skip]
pub const TROVES: [TroveRow; 30] = [
    TroveRow { coin_multiplier: 10, coin_unit: CoinUnit::Gp, gemstone_gp: 100, art_object_gp: 100 }, // L2103: level 1
    TroveRow { coin_multiplier: 25, coin_unit: CoinUnit::Gp, gemstone_gp: 100, art_object_gp: 100 }, // L2104: level 2
    TroveRow { coin_multiplier: 25, coin_unit: CoinUnit::Gp, gemstone_gp: 200, art_object_gp: 150 }, // L2105: level 3
    TroveRow { coin_multiplier: 40, coin_unit: CoinUnit::Gp, gemstone_gp: 200, art_object_gp: 150 }, // L2106: level 4
    TroveRow { coin_multiplier: 40, coin_unit: CoinUnit::Gp, gemstone_gp: 300, art_object_gp: 200 }, // L2107: level 5
    TroveRow { coin_multiplier: 125, coin_unit: CoinUnit::Gp, gemstone_gp: 300, art_object_gp: 200 }, // L2108: level 6
    TroveRow { coin_multiplier: 125, coin_unit: CoinUnit::Gp, gemstone_gp: 750, art_object_gp: 450 }, // L2109: level 7
    TroveRow { coin_multiplier: 210, coin_unit: CoinUnit::Gp, gemstone_gp: 750, art_object_gp: 450 }, // L2110: level 8
    TroveRow { coin_multiplier: 210, coin_unit: CoinUnit::Gp, gemstone_gp: 1500, art_object_gp: 600 }, // L2111: level 9
    TroveRow { coin_multiplier: 300, coin_unit: CoinUnit::Gp, gemstone_gp: 1500, art_object_gp: 600 }, // L2112: level 10
    TroveRow { coin_multiplier: 300, coin_unit: CoinUnit::Gp, gemstone_gp: 5500, art_object_gp: 1200 }, // L2113: level 11
    TroveRow { coin_multiplier: 750, coin_unit: CoinUnit::Gp, gemstone_gp: 5500, art_object_gp: 1200 }, // L2114: level 12
    TroveRow { coin_multiplier: 750, coin_unit: CoinUnit::Gp, gemstone_gp: 10000, art_object_gp: 1625 }, // L2115: level 13
    TroveRow { coin_multiplier: 12, coin_unit: CoinUnit::Pp, gemstone_gp: 10000, art_object_gp: 1625 }, // L2116: level 14
    TroveRow { coin_multiplier: 12, coin_unit: CoinUnit::Pp, gemstone_gp: 12500, art_object_gp: 2625 }, // L2117: level 15
    TroveRow { coin_multiplier: 34, coin_unit: CoinUnit::Pp, gemstone_gp: 12500, art_object_gp: 2625 }, // L2118: level 16
    TroveRow { coin_multiplier: 34, coin_unit: CoinUnit::Pp, gemstone_gp: 25000, art_object_gp: 7500 }, // L2119: level 17
    TroveRow { coin_multiplier: 56, coin_unit: CoinUnit::Pp, gemstone_gp: 25000, art_object_gp: 7500 }, // L2120: level 18
    TroveRow { coin_multiplier: 56, coin_unit: CoinUnit::Pp, gemstone_gp: 50000, art_object_gp: 9500 }, // L2121: level 19
    TroveRow { coin_multiplier: 78, coin_unit: CoinUnit::Pp, gemstone_gp: 50000, art_object_gp: 9500 }, // L2122: level 20
    TroveRow { coin_multiplier: 78, coin_unit: CoinUnit::Pp, gemstone_gp: 100000, art_object_gp: 40000 }, // L2123: level 21
    TroveRow { coin_multiplier: 185, coin_unit: CoinUnit::Pp, gemstone_gp: 100000, art_object_gp: 40000 }, // L2124: level 22
    TroveRow { coin_multiplier: 185, coin_unit: CoinUnit::Pp, gemstone_gp: 125000, art_object_gp: 80000 }, // L2125: level 23
    TroveRow { coin_multiplier: 290, coin_unit: CoinUnit::Pp, gemstone_gp: 125000, art_object_gp: 80000 }, // L2126: level 24
    TroveRow { coin_multiplier: 290, coin_unit: CoinUnit::Pp, gemstone_gp: 200000, art_object_gp: 105000 }, // L2127: level 25
    TroveRow { coin_multiplier: 830, coin_unit: CoinUnit::Pp, gemstone_gp: 200000, art_object_gp: 105000 }, // L2128: level 26
    TroveRow { coin_multiplier: 830, coin_unit: CoinUnit::Pp, gemstone_gp: 300000, art_object_gp: 300000 }, // L2129: level 27
    TroveRow { coin_multiplier: 1400, coin_unit: CoinUnit::Pp, gemstone_gp: 300000, art_object_gp: 300000 }, // L2130: level 28
    TroveRow { coin_multiplier: 1400, coin_unit: CoinUnit::Pp, gemstone_gp: 600000, art_object_gp: 430000 }, // L2131: level 29
    TroveRow { coin_multiplier: 1950, coin_unit: CoinUnit::Pp, gemstone_gp: 600000, art_object_gp: 430000 }, // L2132: level 30
];

/// "Table - Sample Art Objects by Value" (L2133-2150): a value in gold pieces and the book's
/// examples of it.
#[rustfmt::skip]
pub const ART_OBJECTS: [(u32, &[&str]); 15] = [
    (100, &["Silver ewer", "carved bone or ivory statuette", "finely wrought small gold bracelet", "glass beads", "dried rose petals"]), // L2136
    (150, &["Cloth of gold vestments", "black velvet mask with numerous citrines", "silver chalice with lapis lazuli gems"]), // L2137
    (200, &["Large well-done wool tapestry", "brass mug with jade inlays", "crystal rod filled with phosphorus"]), // L2138
    (450, &["Silver comb with moonstones", "silver-plated steel longsword with jet jewel in hilt", "darkwood dining table and chair set"]), // L2139
    (600, &["Carved harp of exotic wood with ivory inlay and zircon gems", "gilt gold idol (10 lb.)", "perfect model of an onyx ziggurat"]), // L2140
    (1200, &["Gold dragon comb with red garnet eye", "gold and topaz bottle stopper cork", "ceremonial electrum dagger with a star ruby in the pommel"]), // L2141
    (1625, &["Eyepatch with mock eye of sapphire and moonstone", "fire opal pendant on a fine gold chain", "old masterpiece painting", "a petrified hummingbird"]), // L2142
    (2625, &["Embroidered silk and velvet mantle with numerous moonstones", "sapphire pendant on gold chain", "chess set made of adamantine and mithril"]), // L2143
    (7500, &["Embroidered and bejeweled glove", "jeweled anklet", "gold music box", "a dis-animated iron golem", "a rare history book autographed by the author"]), // L2144
    (9500, &["Golden circlet with four aquamarines", "a string of small pink pearls (necklace)", "bottomless cup of coffee"]), // L2145
    (40000, &["Jeweled gold crown", "jeweled electrum ring", "one-ton temple guardian statue"]), // L2146
    (80000, &["Gold and ruby ring", "gold cup set with emeralds", "self-playing harp"]), // L2147
    (105000, &["Adamantine crown set with soul gems", "tapestry woven from phase spider silk"]), // L2148
    (300000, &["Dragon’s skull filled in with gold", "the lamp once occupied by a djinn prince"]), // L2149
    (430000, &["Throne carved from treant-wood", "deceased lich’s mithril phylactery set with diamonds"]), // L2150
];

/// "Table - Random Consumable Items" (L2151-2157): the highest 1d6 face of each row, and its
/// result as the book words it.
#[rustfmt::skip]
pub const RANDOM_CONSUMABLES: [(u8, &str); 4] = [
    (3, "Healing potion (potion of healing in heroic tier, potion of healing and rescue in prestige tier, potion of healing and rescue (advanced) or salve of resurrection in epic tier)."), // L2154
    (4, "Another consumable item (oil of sharpness, potion of heroism, potion of vitality, skeleton key, etc)."), // L2155
    (5, "A poison."), // L2156
    (6, "An incantation scroll or practice manual."), // L2157
];

/// T4: the healing potion of "Table - Random Consumable Items" (its 1-3 row) in each tier, in the
/// row's own words: heroic (levels 1-10), prestige (11-20), epic (21-30).
#[rustfmt::skip]
pub const HEALING_POTION_BY_TIER: [(&str, &str); 3] = [
    ("heroic", "potion of healing"), // L2154
    ("prestige", "potion of healing and rescue"), // L2154
    ("epic", "potion of healing and rescue (advanced) or salve of resurrection"), // L2154
];
