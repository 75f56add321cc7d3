//! The book's numeric tables, copied once, row for row, from the Orcus rulebook
//! (`seeds/000_314288786004b83b.txt`; the `L` numbers are its lines). Every other module asks
//! here; nothing else holds a copy.

/// One row of "Table - Monster XP" (L1691-1723): XP by rank at one level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct XpRow {
    pub mook: u32,
    pub standard: u32,
    pub elite: u32,
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
    pub mook: u32,
    pub at_will_single: &'static str,
    pub at_will_multi: &'static str,
    pub surge_single: &'static str,
    pub surge_multi: &'static str,
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
    pub easy: u32,
    pub moderate: u32,
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
