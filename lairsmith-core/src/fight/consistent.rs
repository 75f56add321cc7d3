//! Whether a state read from a file is whole: every id it names is in the fight, its effects'
//! numbers are below the next one, whose turn it is can take one. A state lairsmith wrote always
//! is; the reader takes a state as written only when it is (and the file's check matches), and
//! otherwise makes it again from the steps ([`super::layout`]).

use crate::fight::model::{Affliction, Effect, FightState, Until};
use std::collections::HashSet;

/// `Ok` when `s` is whole, else the first thing that is not, in words (for tests: the reader
/// replays instead).
pub(crate) fn check(s: &FightState) -> Result<(), String> {
    let mut ids = HashSet::with_capacity(s.combatants.len());
    for c in &s.combatants {
        crate::monster::design::check_id(&c.id).map_err(|e| e.to_string())?;
        if !ids.insert(c.id.as_str()) {
            return Err(format!("`{}` is in the fight twice", c.id));
        }
    }
    let known = |id: &str, what: &str| {
        if ids.contains(id) {
            Ok(())
        } else {
            Err(format!("{what} names `{id}`, who is not in the fight"))
        }
    };
    if let Some(t) = &s.turn {
        known(t, "the turn")?;
        if s.round == 0 {
            return Err("a turn before the first round".into());
        }
        if !s.combatants.iter().any(|c| &c.id == t && c.takes_turns()) {
            return Err(format!("the turn is `{t}`'s, who takes no turns"));
        }
    }
    for a in &s.acted {
        known(a, "`acted:`")?;
    }
    let mut numbers = HashSet::new();
    for o in &s.offers {
        known(&o.who, "an offer")?;
    }
    for c in &s.combatants {
        if let Some(a) = &c.ahead_of {
            known(a, "a readied action")?;
        }
        if c.started_round > s.round {
            return Err(format!("`{}` started a round still to come", c.id));
        }
        let mut stack: Vec<&Effect> = c.effects.iter().collect();
        while let Some(e) = stack.pop() {
            if e.id >= s.next_effect || !numbers.insert(e.id) {
                return Err(format!("effect {} is numbered wrongly", e.id));
            }
            if let Until::StartOf(id) | Until::EndOf(id) = &e.until {
                known(id, "an effect's duration")?;
            }
            if let Affliction::Condition { by: Some(b), .. } = &e.what {
                known(b, "an effect")?;
            }
            if let Affliction::Help { against, by, .. } = &e.what {
                known(against, "a help")?;
                known(by, "a help")?;
            }
            if let Some(m) = &e.maintained_by {
                known(m, "a maintained effect")?;
            }
            stack.extend(e.aftereffect.as_deref());
            stack.extend(e.failed_save.as_deref());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encounter::party::Party;
    use crate::rules::level::Level;

    /// A file whose check matches but whose state now is not whole (written so by hand, the
    /// hash made again) is replayed from its steps, never taken as written.
    #[test]
    fn a_state_that_is_not_whole_is_made_again_even_under_a_matching_check() {
        let party = Party::uniform(2, Level::new(3).unwrap());
        let mut e = crate::encounter::file::Encounter::new("Ford", &party);
        e.groups.push(crate::encounter::file::Group::monster(
            "hedgemaw",
            crate::encounter::count::Count::new(1).unwrap(),
        ));
        let mut f = crate::fight::build::start(
            &e,
            &party,
            &crate::bestiary::Bestiary::shipped(),
            &crate::fight::build::Start::default(),
        )
        .unwrap();
        f.push(crate::fight::Step::Initiative {
            who: "character-1".into(),
            count: 10,
        })
        .unwrap();
        let mut broken = f.clone();
        broken.now.round = 1;
        broken.now.turn = Some("nobody".into());
        assert!(check(&broken.now).is_err());
        assert!(check(&f.now).is_ok());
        let text = crate::fight::saved::to_text(&broken);
        let parts = crate::fight::layout::split(&text).unwrap();
        assert!(
            parts.checks(),
            "the check was written over the broken state"
        );
        let read = crate::fight::saved::parse_fight(&text, std::path::Path::new("f.yaml")).unwrap();
        assert_eq!(read.now, f.now);
    }
}
