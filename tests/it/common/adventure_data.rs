//! What the adventure tests share: a temporary data directory with saved encounters and
//! adventures written as files, the built binary run on it, and the Monster XP of placeholders.

use crate::common::{lairsmith, stderr, stdout};
use lairsmith_core::adventure::parse_adventure;
use lairsmith_core::rules::tables::MONSTER_XP;
use std::path::{Path, PathBuf};
use std::process::Output;
use yaml_serde::Value;

/// Monster XP of the table (R6) for a placeholder of `level` and `rank`.
pub fn monster_xp(level: u8, rank: &str) -> u64 {
    let row = &MONSTER_XP[usize::from(level) - 1];
    u64::from(match rank {
        "mook" => row.mook,
        "standard" => row.standard,
        "elite" => row.elite,
        "boss" => row.boss,
        other => panic!("no rank {other}"),
    })
}

/// A data directory with saved encounters and adventures written as files.
pub struct Data {
    dir: tempfile::TempDir,
}

impl Data {
    pub fn new() -> Data {
        let dir = tempfile::tempdir().unwrap();
        for sub in ["encounters", "adventures", "parties"] {
            std::fs::create_dir_all(dir.path().join(sub)).unwrap();
        }
        Data { dir }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn file(&self, rel: &str) -> PathBuf {
        self.path().join(rel)
    }

    pub fn write(&self, rel: &str, text: &str) {
        std::fs::write(self.file(rel), text).unwrap();
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.file(rel)).unwrap()
    }

    pub fn run(&self, args: &[&str]) -> Output {
        lairsmith(self.path(), args)
    }

    /// Saves the encounter `id` of placeholders `(level, rank, count)`; returns its XP (E2),
    /// from the Monster XP table.
    pub fn encounter(&self, id: &str, foes: &[(u8, &str, u64)]) -> u64 {
        let mut text = format!(
            "kind: encounter\nschema_version: 1\nname: {id} fight\nparty: {{size: 4, level: 1}}\n"
        );
        if !foes.is_empty() {
            text.push_str("groups:\n");
        }
        for (level, rank, count) in foes {
            text.push_str(&format!(
                "- placeholder: {{level: {level}, rank: {rank}, role: wrecker}}\n  count: {count}\n"
            ));
        }
        self.write(&format!("encounters/{id}.yaml"), &text);
        foes.iter().map(|(l, r, c)| monster_xp(*l, r) * c).sum()
    }

    /// Saves the adventure `id` for `party` (the YAML of an encounter's party) listing `ids`.
    pub fn adventure(&self, id: &str, party: &str, ids: &[&str]) {
        let mut text =
            format!("kind: adventure\nschema_version: 1\nname: {id}\nparty: {party}\nencounters:");
        if ids.is_empty() {
            text.push_str(" []");
        }
        text.push('\n');
        for e in ids {
            text.push_str(&format!("- {e}\n"));
        }
        self.write(&format!("adventures/{id}.yaml"), &text);
    }

    /// `adventure check ID --format yaml`, which must succeed.
    pub fn check(&self, id: &str) -> Value {
        let o = self.run(&["adventure", "check", id, "--format", "yaml"]);
        ok(&o);
        yaml_serde::from_str(&stdout(&o)).unwrap()
    }
}

pub fn ok(o: &Output) {
    assert!(
        o.status.success(),
        "exit {:?}: {}{}",
        o.status.code(),
        stdout(o),
        stderr(o)
    );
}

pub fn fails(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(o), stderr(o));
    let err = stderr(o);
    assert!(err.starts_with("lairsmith: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

pub fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v:?}"))
}

pub fn listed(d: &Data, id: &str) -> Vec<String> {
    let path = d.file(&format!("adventures/{id}.yaml"));
    parse_adventure(&d.read(&format!("adventures/{id}.yaml")), &path)
        .unwrap()
        .encounters
}
