//! What reading an encounter or a party file checks beyond its types: each group's rules, the
//! texts, the members and the record of played fights; and the rules a JSON Schema adds.

#[allow(clippy::wildcard_imports)]
use super::*;

/// What is wrong with a group for its encounter's system (D1), if anything.
pub(super) fn group_problem(e: &Encounter, g: &Group, i: usize) -> Option<String> {
    let n = i + 1;
    if g.challenge.is_some() {
        return challenge_problem(e, g, n);
    }
    if let Some(problem) = class_problem(e, g, n) {
        return Some(problem);
    }
    // D7: a character or an NPC rates the group as a `cr:` does.
    let rated = g.cr.or_else(|| g.challenge_rating());
    match (e.system, &g.monster, &g.placeholder, &rated) {
        (System::Orcus, _, _, Some(cr)) => Some(format!(
            "group {n} rates a foe by challenge rating (`cr: {cr}`), which belongs in a 3rd-edition encounter; this file is an Orcus encounter (add `system: d20-3e` at the top to make it a 3rd-edition one)"
        )),
        (System::D20e3, Some(id), _, _) => Some(format!(
            "group {n} names the Orcus monster `{id}`, but this file is a 3rd-edition encounter (`system: d20-3e`), whose groups are `cr: N` (1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8)"
        )),
        (System::D20e3, None, Some(_), _) => Some(format!(
            "group {n} is an Orcus placeholder, but this file is a 3rd-edition encounter (`system: d20-3e`), whose groups are `cr: N` (1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8)"
        )),
        (System::D20e3, None, None, None) => Some(format!(
            "group {n} needs `cr: N` (1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8), `character: N` or `npc: N` (class levels 1 to 20)"
        )),
        (System::Orcus, Some(_), Some(_), _) => Some(format!(
            "group {n} names both a monster and a placeholder; keep one"
        )),
        (System::Orcus, None, None, None) => Some(format!(
            "group {n} needs `monster: <id>` or `placeholder: {{level, rank, role}}` (or `challenge: {{name, successes}}`)"
        )),
        _ => None,
    }
}

/// What is wrong with a group's character, NPC or class levels (D7), if anything: they rate
/// 3rd-edition foes, a group is one kind of foe, and the CR they give must be in the table.
pub(super) fn class_problem(e: &Encounter, g: &Group, n: usize) -> Option<String> {
    let named: Vec<&str> = [
        g.character.map(|_| "`character`"),
        g.npc.map(|_| "`npc`"),
        g.class_levels.map(|_| "`class_levels`"),
    ]
    .into_iter()
    .flatten()
    .collect();
    let first = named.first()?;
    if e.system == System::Orcus {
        return Some(format!(
            "group {n} has {first}, which rates a foe of a 3rd-edition encounter (D7); this file is an Orcus encounter (add `system: d20-3e` at the top to make it a 3rd-edition one)"
        ));
    }
    let kinds: Vec<&str> = [
        g.monster.as_ref().map(|_| "`monster`"),
        g.placeholder.as_ref().map(|_| "`placeholder`"),
        g.cr.as_ref().map(|_| "`cr`"),
        g.character.map(|_| "`character`"),
        g.npc.map(|_| "`npc`"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if kinds.len() > 1 {
        return Some(format!(
            "group {n} is both a {} and a {}; a 3rd-edition group is one of `cr: N`, `character: N` or `npc: N` (a monster with classes is `cr: N` with `class_levels: L`)",
            kinds[0], kinds[1]
        ));
    }
    if let Some(levels) = g.class_levels {
        let Some(cr) = g.cr else {
            return Some(format!(
                "group {n} has `class_levels: {levels}` without `cr:`; class levels add to a monster's CR (`cr: 3` with `class_levels: 2` is CR 5), and a character is `character: N`"
            ));
        };
        if let Err(e) = crate::rules::d20e3::with_class_levels(cr, levels) {
            return Some(format!("group {n}: {e}"));
        }
    }
    None
}

/// Reads a class level (D7), refusing a value outside 1 to 20 at its own line and column.
pub(super) fn de_class_level<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<u8>, D::Error> {
    struct V;
    impl serde::de::Visitor<'_> for V {
        type Value = Option<u8>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(
                f,
                "a class level from {} to {}",
                crate::rules::d20e3::MIN_CLASS_LEVEL,
                crate::rules::d20e3::MAX_CLASS_LEVEL
            )
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Option<u8>, E> {
            Ok(None)
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Option<u8>, E> {
            Ok(None)
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Option<u8>, E> {
            use crate::rules::d20e3::{MAX_CLASS_LEVEL, MIN_CLASS_LEVEL};
            u8::try_from(v)
                .ok()
                .filter(|l| (MIN_CLASS_LEVEL..=MAX_CLASS_LEVEL).contains(l))
                .map(Some)
                .ok_or_else(|| {
                    E::custom(format!(
                        "class level {v} is outside {MIN_CLASS_LEVEL} to {MAX_CLASS_LEVEL}, the levels the Experience Point Awards table rates"
                    ))
                })
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Option<u8>, E> {
            self.visit_i64(i64::try_from(v).unwrap_or(i64::MAX))
        }
    }
    d.deserialize_any(V)
}

/// What is wrong with a challenge group (A2), if anything: a group is exactly one of monster,
/// placeholder, cr or challenge, a challenge is run once, and it is an Orcus rule.
pub(super) fn challenge_problem(e: &Encounter, g: &Group, n: usize) -> Option<String> {
    let other = [
        g.monster.as_ref().map(|_| "`monster`"),
        g.placeholder.as_ref().map(|_| "`placeholder`"),
        g.cr.as_ref().map(|_| "`cr`"),
        g.character.map(|_| "`character`"),
        g.npc.map(|_| "`npc`"),
    ];
    if let Some(other) = other.into_iter().flatten().next() {
        return Some(format!(
            "group {n} is both a challenge and a {other}; a group is exactly one of `monster`, `placeholder`, `cr` or `challenge` (put the challenge in a group of its own)"
        ));
    }
    if e.system == System::D20e3 {
        return Some(format!(
            "group {n} is an extended challenge, which is an Orcus rule (Extended Challenges; its XP is counted in Standard monsters of the Monster XP table, lairsmith's own reading A2); this file is a 3rd-edition encounter (`system: d20-3e`)"
        ));
    }
    if g.count != Count::ONE {
        return Some(format!(
            "group {n} is a challenge with `count: {}`; a challenge is run once (add another challenge with its own name to run two)",
            g.count
        ));
    }
    if g.side == Side::Ally {
        return Some(format!(
            "group {n} is a challenge on the party's side; a challenge is something the party overcomes, so remove `side: ally`"
        ));
    }
    if g.label.is_some() {
        return Some(format!(
            "group {n} is a challenge with a group `name`/`label`; a challenge is named inside `challenge:` (`challenge: {{name: ...}}`)"
        ));
    }
    None
}

/// Checks the names, labels and ids an encounter holds: names and labels are printable, one
/// line and at most [`crate::text::MAX_NAME_CHARS`] characters; ids are slugs, since a saved
/// party's id becomes a path and a monster id is printed and looked up.
pub(super) fn check_texts(e: &Encounter) -> Result<(), crate::yaml_io::Refused> {
    use crate::monster::design::check_id;
    use crate::yaml_io::{Refused, check_name_at, key};
    check_name_at(vec![key("name")], "the encounter's name", &e.name)?;
    match &e.party {
        PartyRef::Saved(id) => {
            check_id(id).map_err(|m| Refused::new(vec![key("party")], format!("the party: {m}")))?
        }
        PartyRef::Members(members) => {
            check_members(&members[..], vec![key("party"), key("members")])?
        }
        PartyRef::Uniform { .. } => {}
    }
    for (i, g) in e.groups.iter().enumerate() {
        let at = |k: &str| vec![key("groups"), Seg::Index(i), key(k)];
        if let Some(id) = &g.monster {
            check_id(id)
                .map_err(|m| Refused::new(at("monster"), format!("group {}: {m}", i + 1)))?;
        }
        if let Some(label) = &g.label {
            check_name_at(at("label"), &format!("the label of group {}", i + 1), label)?;
        }
        if let Some(notes) = &g.notes {
            crate::limits::GROUP_NOTES
                .check(notes)
                .map_err(|m| Refused::new(at("notes"), format!("group {}: {m}", i + 1)))?;
        }
        if let Some(c) = &g.challenge {
            let mut here = at("challenge");
            here.push(key("name"));
            check_name_at(
                here,
                &format!("the name of the challenge in group {}", i + 1),
                &c.name,
            )?;
        }
    }
    Ok(())
}

/// Checks party members' names, their XP within their level (A1) and the rules between their
/// numbers (P11, P20: current HP at most the maximum, recoveries left at most the recoveries a
/// day), `at` being where the list sits in the document. Party files, and encounters' and
/// adventures' inline parties, are checked alike.
pub(crate) fn check_members(
    members: &[Member],
    at: Vec<Seg>,
) -> Result<(), crate::yaml_io::Refused> {
    for (i, m) in members.iter().enumerate() {
        if let Some(name) = &m.name {
            let mut here = at.clone();
            here.extend([Seg::Index(i), crate::yaml_io::key("name")]);
            crate::yaml_io::check_name_at(
                here,
                &format!("the name of party member {}", i + 1),
                name,
            )?;
        }
        if let Some(xp) = m.xp {
            let who = m
                .name
                .clone()
                .unwrap_or_else(|| format!("party member {}", i + 1));
            let mut here = at.clone();
            here.push(Seg::Index(i));
            crate::rules::experience::check_xp(&who, m.level, xp)
                .map_err(|e| crate::yaml_io::Refused::new(here, e))?;
        }
        let who = m
            .name
            .clone()
            .unwrap_or_else(|| format!("party member {}", i + 1));
        m.check_ranges().map_err(|(k, e)| {
            let mut here = at.clone();
            here.extend([Seg::Index(i), crate::yaml_io::key(k)]);
            crate::yaml_io::Refused::new(here, e.to_string())
        })?;
        m.check_numbers(&who).map_err(|e| {
            let mut here = at.clone();
            here.extend([Seg::Index(i), crate::yaml_io::key(e.key())]);
            crate::yaml_io::Refused::new(here, e.to_string())
        })?;
    }
    Ok(())
}

/// Parses a saved party file.
pub fn parse_party(
    text: &str,
    path: &std::path::Path,
) -> Result<crate::encounter::party::PartyFile, crate::yaml_io::FileError> {
    let p: crate::encounter::party::PartyFile = crate::yaml_io::parse(text, path)?;
    if p.schema_version != crate::encounter::party::PARTY_SCHEMA_VERSION {
        return Err(crate::yaml_io::FileError::new(
            path,
            format!("schema_version {} is not supported", p.schema_version),
        ));
    }
    if let Err(why) = crate::encounter::party::check_size(p.members.len()) {
        let (line, column) =
            crate::yaml_io::locate_key(text, &[Seg::Key("members".into())]).unwrap_or((1, 1));
        return Err(crate::yaml_io::FileError::new(path, why).at(line, column));
    }
    crate::yaml_io::check_name_at(
        vec![crate::yaml_io::key("name")],
        "the party's name",
        &p.name,
    )
    .and_then(|()| check_members(&p.members, vec![crate::yaml_io::key("members")]))
    .and_then(|()| {
        crate::limits::ENCOUNTERS_SINCE_REST
            .check(i64::from(p.encounters_since_rest))
            .map(drop)
            .map_err(|e| {
                crate::yaml_io::Refused::new(
                    vec![crate::yaml_io::key("encounters_since_rest")],
                    e.to_string(),
                )
            })
    })
    .and_then(|()| check_played(&p.played, vec![crate::yaml_io::key("played")]))
    .map_err(|r| r.in_file(text, path))?;
    Ok(p)
}

/// A party's record of the fights whose XP it got: at most [`crate::limits::PLAYED`], each
/// naming a fight and an encounter by id.
pub(crate) fn check_played(
    played: &[crate::encounter::party::Played],
    at: Vec<Seg>,
) -> Result<(), crate::yaml_io::Refused> {
    crate::limits::PLAYED
        .check(played.len(), "a party's record")
        .map_err(|m| crate::yaml_io::Refused::new(at.clone(), m))?;
    for (i, p) in played.iter().enumerate() {
        let mut here = at.clone();
        here.push(Seg::Index(i));
        for (k, v) in [
            ("fight", &p.fight),
            ("id", &p.id),
            ("encounter", &p.encounter),
        ] {
            let mut there = here.clone();
            there.push(crate::yaml_io::key(k));
            crate::yaml_io::check_name_at(there, "a played fight's key", v)?;
        }
        let mut there = here.clone();
        there.push(crate::yaml_io::key("on"));
        crate::yaml_io::check_name_at(there, "a played fight's day", &p.on)?;
    }
    Ok(())
}

/// What an encounter group's schema adds to the derive: `name:` read as `label:` (D1, a serde
/// alias the derive does not see), and a group is exactly one of a monster, a placeholder, a
/// CR, a character, an NPC or a challenge (D7).
pub(crate) fn group_schema(schema: &mut schemars::Schema) {
    let Some(obj) = schema.as_object_mut() else {
        return;
    };
    if let Some(props) = obj
        .get_mut("properties")
        .and_then(serde_json::Value::as_object_mut)
        && let Some(label) = props.get("label").cloned()
    {
        props.insert("name".into(), label);
    }
    // D7: a character or an NPC is a group's one kind of foe; class levels go with a `cr:`.
    obj.insert(
        "dependentRequired".into(),
        serde_json::json!({ "class_levels": ["cr"] }),
    );
    let one_of: Vec<serde_json::Value> = ["monster", "placeholder", "cr", "character", "npc", "challenge"]
        .iter()
        // A key written `~` is read as absent, so it does not count as the group's one.
        .map(|k| serde_json::json!({ "required": [k], "properties": { *k: { "not": { "type": "null" } } } }))
        .collect();
    obj.insert("oneOf".into(), one_of.into());
    // `label` and its alias `name` both given are one field given twice.
    obj.insert(
        "not".into(),
        serde_json::json!({ "required": ["label", "name"] }),
    );
    // A challenge is run once, by the party's foes, and named inside `challenge:` (A2).
    let ally = crate::vocab::pattern::vocabulary_value(Side::Ally);
    obj.insert(
        "if".into(),
        serde_json::json!({ "required": ["challenge"], "properties": { "challenge": { "type": "object" } } }),
    );
    obj.insert(
        "then".into(),
        serde_json::json!({
            "properties": {
                "count": { "const": 1 },
                "side": { "not": { "type": "string", "pattern": ally } },
                "label": { "type": "null" },
                "name": { "type": "null" },
            },
        }),
    );
}

/// What an encounter's schema adds to the derive: the rules of its `system:` (D1). A
/// 3rd-edition encounter's groups are `cr:`, `character:` or `npc:` groups (D7) and its
/// characters of levels up to the table's and it has no `treasure:` (T1); an Orcus encounter has
/// none of those and no `circumstance:`.
pub(crate) fn encounter_schema(schema: &mut schemars::Schema) {
    let d20e3 = crate::vocab::pattern::vocabulary_value(System::D20e3);
    let most = crate::rules::d20e3::MAX_LEVEL;
    let d20e3_foes: Vec<serde_json::Value> = ["cr", "character", "npc"]
        .iter()
        .map(|k| serde_json::json!({ "required": [k], "properties": { *k: { "not": { "type": "null" } } } }))
        .collect();
    schema.insert(
        "if".into(),
        serde_json::json!({
            "required": ["system"],
            "properties": { "system": { "type": "string", "pattern": d20e3 } },
        }),
    );
    schema.insert(
        "then".into(),
        serde_json::json!({
            "properties": {
                // D7: a 3rd-edition foe is rated by `cr:`, or is a character or an NPC of a
                // class level.
                "groups": {
                    "items": {
                        "anyOf": d20e3_foes,
                    },
                },
                // T1 is the Orcus rulebook's.
                "treasure": { "type": "null" },
                "party": {
                    "properties": {
                        "level": { "maximum": most },
                        "members": { "items": { "properties": { "level": { "maximum": most } } } },
                    },
                },
            },
        }),
    );
    schema.insert(
        "else".into(),
        serde_json::json!({
            "properties": {
                "circumstance": { "type": "null" },
                "groups": {
                    "items": {
                        "properties": {
                            "cr": { "type": "null" },
                            "character": { "type": "null" },
                            "npc": { "type": "null" },
                            "class_levels": { "type": "null" },
                        },
                    },
                },
            },
        }),
    );
}
