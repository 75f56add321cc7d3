//! The arguments of `lairsmith fight ...`, and the parsers that read its numbers as the Table
//! screen reads them.

use crate::cli::args::{ListFormatArg, limited, vocab};
use clap::{Args, Subcommand, ValueEnum};

#[derive(Debug, Subcommand)]
pub enum FightCmd {
    /// Start a fight from a saved encounter: every creature its own combatant, the monsters'
    /// initiative rolled by group (P1); prints the fight's path.
    Start {
        encounter: String,
        /// The seed every roll of the fight comes from (default: a random one, saved).
        #[arg(long)]
        seed: Option<u64>,
        /// A character's initiative result, and optionally hit points: `Ana=17` or `Ana=17/34`
        /// (repeatable).
        #[arg(long = "pc", value_name = "NAME=INIT[/HP]")]
        pcs: Vec<String>,
        /// The adventure the fight belongs to: its party earns the XP, its method rolls the
        /// treasure.
        #[arg(long)]
        adventure: Option<String>,
        /// A saved party (its id) that fights instead of the encounter's, and earns the XP.
        #[arg(long)]
        party: Option<String>,
        /// The creatures surprised (P14): ids or characters' names, or `party` or `foes` for a
        /// whole side, several after one --surprised or one each. The first round is then a
        /// surprise round, in which they take no turn.
        #[arg(long, value_name = "ID", num_args = 1..)]
        surprised: Vec<String>,
    },
    /// The saved fights (text: their ids).
    List(ListFormatArg),
    /// The fight now: the order, each creature's hit points and conditions, whose turn.
    Show {
        fight: String,
        #[arg(long, value_enum, default_value_t = FightFormat::Text)]
        format: FightFormat,
    },
    /// A character's initiative result (P1).
    Init {
        fight: String,
        who: String,
        #[arg(value_parser = fight_count, allow_negative_numbers = true)]
        count: i64,
    },
    /// End the current turn (saving throws, P7) and begin the next (persistent damage,
    /// regeneration, refresh rolls, a death saving throw, P6, P12); the first begins round 1.
    Next {
        fight: String,
        /// A player's d20 for a character's roll this step needs, in order: the saving throws
        /// of a character whose turn ends, then the death saving throw of one whose turn begins
        /// (repeatable). Without it lairsmith rolls, and the log says so.
        #[arg(long = "roll", value_parser = d20)]
        rolls: Vec<i64>,
    },
    /// Damage, untyped or of a type (resistance and vulnerability apply, P5).
    Damage {
        fight: String,
        who: String,
        #[arg(value_parser = fight_amount)]
        amount: i64,
        /// Its type; repeat it for damage of several types (P5: resisted only if every type
        /// is, by the lowest of those resistances).
        #[arg(long = "type", value_parser = vocab::<lairsmith_core::rules::creature::DamageType>)]
        damage_types: Vec<lairsmith_core::rules::creature::DamageType>,
    },
    /// Healing, never above the maximum (P3); with --recovery a heal that spends a recovery:
    /// the recovery value plus AMOUNT (P17; 0 for none).
    Heal {
        fight: String,
        who: String,
        #[arg(value_parser = fight_amount_or_zero)]
        amount: i64,
        /// The heal spends a recovery (at none left, a dying creature's HP is set to 1, P12).
        #[arg(long)]
        recovery: bool,
    },
    /// Temporary hit points: kept only if more than the current ones (P4).
    Temp {
        fight: String,
        who: String,
        #[arg(value_parser = fight_amount)]
        amount: i64,
        /// Take these even if fewer (the creature's choice, P4).
        #[arg(long)]
        replace: bool,
    },
    /// Hit points for a creature the file gave none (a character, a 3rd-edition foe).
    Hp {
        fight: String,
        who: String,
        #[arg(value_parser = fight_amount)]
        max: i64,
    },
    /// A monster at 0 HP falls unconscious instead of dying (P3).
    KnockOut { fight: String, who: String },
    /// A monster that falls unconscious at 0 HP and makes death saving throws, as a character
    /// does: a mighty villain (P3).
    Villain { fight: String, who: String },
    /// A prone creature stands up: prone ends (P8).
    Stand { fight: String, who: String },
    /// First Aid (Heal DC 15) made a dying creature stable: no more death saving throws (P12).
    Stabilize { fight: String, who: String },
    /// Rally: spend a recovery, regain the recovery value, +2 to all defenses until the start of
    /// its next turn; once a fight (P17).
    Rally { fight: String, who: String },
    /// Total Defense: +2 to all defenses until the start of its next turn (P13).
    TotalDefense { fight: String, who: String },
    /// Help Attack: +2 to ALLY's next attack roll against AGAINST, until the end of WHO's next
    /// turn if unused (P13).
    HelpAttack {
        fight: String,
        who: String,
        ally: String,
        against: String,
    },
    /// Help Defense: +2 to ALLY's defenses against AGAINST's next attack, until the end of WHO's
    /// next turn if unused (P13).
    HelpDefense {
        fight: String,
        who: String,
        ally: String,
        against: String,
    },
    /// A creature maintains an effect it sustains, on its turn; unmaintained, it ends at the end
    /// of the turn (P19).
    Maintain {
        fight: String,
        who: String,
        #[arg(value_parser = effect_number, allow_negative_numbers = true)]
        effect: u32,
    },
    /// A readied action taken just before the creature that triggered it: WHO acts just ahead
    /// of BEFORE from now on (P2).
    Ready {
        fight: String,
        who: String,
        before: String,
    },
    /// Apply what the last attack's power lines offer (P16): the offer's number, from `fight
    /// show` or the roll's log.
    Apply {
        fight: String,
        #[arg(value_parser = offer_number, allow_negative_numbers = true)]
        offer: u32,
    },
    /// A condition (the book's list), `persistent 5 fire`, or any text, with its duration.
    Condition(ConditionArgs),
    /// End an effect before its time (its number, from `fight show`).
    EndCondition {
        fight: String,
        who: String,
        #[arg(value_parser = effect_number, allow_negative_numbers = true)]
        effect: u32,
    },
    /// Roll a power's attack against its targets' defenses (one roll a target, damage rolled
    /// once, P15), with the modifiers the fight knows and the table's (P13), and its damage on a
    /// hit (maximum on a critical hit) or its miss line (P16); an encounter, daily or refresh
    /// power is marked used.
    Roll(RollArgs),
    /// Mark an encounter, daily or refresh power used, without a roll.
    Use {
        fight: String,
        who: String,
        power: String,
    },
    /// Spend an action point (P9).
    Ap { fight: String, who: String },
    /// Delay: the creature acts on COUNT from now on (P2).
    Delay {
        fight: String,
        who: String,
        #[arg(value_parser = fight_count, allow_negative_numbers = true)]
        count: i64,
    },
    /// Reinforcements: another of a creature already in the fight (its id), or a monster of
    /// the bestiary (its id), which rolls its own initiative.
    Add {
        fight: String,
        what: String,
        /// On the party's side.
        #[arg(long)]
        ally: bool,
        /// Its initiative, instead of a roll.
        #[arg(long, value_parser = fight_count, allow_negative_numbers = true)]
        initiative: Option<i64>,
        /// Hidden from the players until revealed.
        #[arg(long)]
        hidden: bool,
    },
    /// Take a creature out of the fight.
    Remove { fight: String, who: String },
    /// Hide a creature from the players' view.
    Hide { fight: String, who: String },
    /// Show a hidden creature to the players.
    Reveal { fight: String, who: String },
    /// A check of an extended challenge (A3): with --skill (its DC, Hard once used) or a group
    /// check (Easy).
    Check {
        fight: String,
        challenge: String,
        #[arg(long)]
        skill: Option<String>,
        #[arg(long, conflicts_with = "failure")]
        success: bool,
        #[arg(long)]
        failure: bool,
    },
    /// Take back the last step (back to the start of the fight).
    Undo { fight: String },
    /// End the fight (P10): the foes overcome (`ID` or `ID=fled`; --all: every foe), the XP
    /// each character earns and the treasure. Writes the end into the fight's file (`fight
    /// undo` takes it back); --write also adds the XP to the party's file (or the adventure's
    /// party), once, whichever write fails.
    End {
        fight: String,
        #[arg(long = "overcome", value_name = "ID[=HOW]")]
        overcome: Vec<String>,
        /// Every foe, defeated (or as its ID=HOW says).
        #[arg(long)]
        all: bool,
        /// Add the XP to the party's file (or the adventure's party), once; without it the XP
        /// is only printed.
        #[arg(long)]
        write: bool,
        /// The treasure method when the fight belongs to no adventure.
        #[arg(long, value_parser = vocab::<lairsmith_core::treasure::Method>)]
        treasure: Option<lairsmith_core::treasure::Method>,
    },
    /// The players' view in this terminal (a screen facing the table): it follows the fight
    /// as the GM changes it, showing the order, whose turn, the characters' hit points and each
    /// foe only as unhurt, hurt, staggered or down; never a hidden creature. `q` quits.
    Watch { fight: String },
    /// The log: every step, round by round, with the dice.
    Log {
        fight: String,
        #[arg(long, value_enum, default_value_t = FightLogFormat::Text)]
        format: FightLogFormat,
    },
}

/// `fight condition FIGHT WHO WHAT [--until WHEN] ...`.
#[derive(Debug, Args)]
pub struct ConditionArgs {
    pub fight: String,
    pub who: String,
    pub what: String,
    /// `save` (save ends), `start:ID` or `end:ID` (of that creature's next turn), or
    /// `encounter`. Default: save ends; `marked` lasts the encounter (P8).
    #[arg(long)]
    pub until: Option<String>,
    /// Who marked it (for `marked`).
    #[arg(long)]
    pub by: Option<String>,
    /// What follows a successful save: `dazed`, `dazed until=end:ID` (save ends unless
    /// given).
    #[arg(long)]
    pub after: Option<String>,
    /// What replaces it on the first failed save, written as --after.
    #[arg(long = "failed-save")]
    pub failed_save: Option<String>,
    /// A benefit: lasting until the end of the creature's turn, it ends when it delays (P2).
    #[arg(long)]
    pub boon: bool,
    /// Who must maintain it on its turns, or it ends (P19).
    #[arg(long = "maintained-by", value_name = "ID")]
    pub maintained_by: Option<String>,
}

/// `fight roll FIGHT WHO POWER TARGET... [--d20 N] ...`.
#[derive(Debug, Args)]
pub struct RollArgs {
    pub fight: String,
    pub who: String,
    pub power: String,
    /// One target, or several for a power that allows them.
    #[arg(required = true, num_args = 1..)]
    pub targets: Vec<String>,
    /// The target's defense when the fight does not know it (a character's); repeat it for
    /// each target, in order.
    #[arg(long, value_parser = limited(lairsmith_core::limits::FIGHT_NUMBER), allow_negative_numbers = true)]
    pub defense: Vec<i64>,
    /// What only the table knows (P13): cover, superior-cover, concealment,
    /// total-concealment, long-range, charge, ca, help, prone-ranged, aquatic, coup, or a
    /// number such as -3 (repeatable).
    #[arg(long = "mod", value_name = "WORD", allow_hyphen_values = true)]
    pub mods: Vec<String>,
    /// The d20 rolled at the table, one a target in order (repeatable); without it
    /// lairsmith rolls.
    #[arg(long = "d20", value_parser = d20)]
    pub d20: Vec<i64>,
    /// Take the damage off the targets.
    #[arg(long)]
    pub apply: bool,
    /// Apply what the power's lines offer on a hit or a miss (P16).
    #[arg(long)]
    pub riders: bool,
    /// An immediate action or an opportunity attack (P18: one between two turns).
    #[arg(long)]
    pub immediate: bool,
}

/// `fight show --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FightFormat {
    /// The order, each creature's state and the last of the log.
    Text,
    /// The whole fight file (start, steps and the state now).
    Yaml,
    /// The same as JSON.
    Json,
}

/// `fight log --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FightLogFormat {
    Text,
    /// For the session's notes: who did what to whom, round by round, with the dice.
    Md,
}

/// A fight's hit points (damage, healing, temporary or maximum), read as the Table screen's
/// prompts read them, so that the two refuse the same numbers.
fn fight_amount(s: &str) -> Result<i64, String> {
    lairsmith_core::fight::words::amount(s, "hit points").map_err(|e| e.to_string())
}

/// `fight heal`'s amount: as [`fight_amount`], or 0 (a heal that spends a recovery and adds
/// nothing to its value, P17).
fn fight_amount_or_zero(s: &str) -> Result<i64, String> {
    if s.trim() == "0" {
        return Ok(0);
    }
    fight_amount(s)
}

/// A d20 rolled at the table: a whole number from 1 to 20.
fn d20(s: &str) -> Result<i64, String> {
    s.trim()
        .parse::<i64>()
        .ok()
        .filter(|n| (1..=20).contains(n))
        .ok_or_else(|| {
            format!("`{s}` is not a d20's face: a d20 shows a whole number from 1 to 20")
        })
}

/// An effect's number (`fight show` gives them), in the fight file's range.
fn effect_number(s: &str) -> Result<u32, String> {
    let n = crate::cli::args::limited(lairsmith_core::limits::FIGHT_EFFECT_NUMBER)(s)?;
    u32::try_from(n).map_err(|_| lairsmith_core::limits::FIGHT_EFFECT_NUMBER.refusal(n))
}

/// An offer's number (the roll's log gives them), in the fight file's range.
fn offer_number(s: &str) -> Result<u32, String> {
    let n = crate::cli::args::limited(lairsmith_core::limits::FIGHT_TALLY)(s)?;
    u32::try_from(n).map_err(|_| lairsmith_core::limits::FIGHT_TALLY.refusal(n))
}

/// An initiative count, read as the Table screen's prompts read it.
fn fight_count(s: &str) -> Result<i64, String> {
    lairsmith_core::fight::words::count(s).map_err(|e| e.to_string())
}
