//! Monster knowledge (R15): which skill recalls a monster and the DCs at its level
//! (L264-296, L362-365).

use crate::rules::abilities::Skill;
use crate::rules::creature::{Source, Tag};
use crate::rules::level::Level;
use crate::rules::tables::RECOMMENDED_DCS;

/// The knowledge check printed on every stat block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KnowledgeCheck {
    /// The skill that recalls the monster: by its source, or by its Construct or Undead tag.
    pub skill: Skill,
    /// The Moderate DC at the monster's level (Recommended Difficulty Classes by Level table): a
    /// success learns its name, ancestry, type, tags and standard temperament.
    pub moderate_dc: u32,
    /// The Hard DC at the monster's level (same table): a success also learns its powers,
    /// resistances, immunities and vulnerabilities.
    pub hard_dc: u32,
}

/// L365 by source: Arcana for elemental, fey and shadow; Dungeoneering for aberrations (cosmic,
/// R14); Religion for outsiders; Nature for natural creatures.
pub(crate) fn source_knowledge_skill(source: Source) -> Skill {
    match source {
        Source::Elemental | Source::Fey | Source::Shadow => Skill::Arcana,
        Source::Cosmic => Skill::Dungeoneering,
        Source::Outsider => Skill::Religion,
        Source::Natural => Skill::Nature,
    }
}

/// L365 by tag: Arcana for constructs, Religion for undead.
pub(crate) fn tag_knowledge_skill(tag: Tag) -> Option<Skill> {
    match tag {
        Tag::Construct => Some(Skill::Arcana),
        Tag::Undead | Tag::UndeadSpirit => Some(Skill::Religion),
        _ => None,
    }
}

/// **\[ours\]** When a tag and the source name different skills (a natural undead), the tag
/// wins: it is the more specific fact about the creature.
pub(crate) const KNOWLEDGE_TAG_BEATS_SOURCE: bool = true;

/// R15: the knowledge check for a monster.
pub(crate) fn knowledge_check(level: Level, source: Source, tags: &[Tag]) -> KnowledgeCheck {
    let by_tag = tags.iter().find_map(|t| tag_knowledge_skill(*t));
    let skill = match by_tag {
        Some(s) if KNOWLEDGE_TAG_BEATS_SOURCE => s,
        _ => source_knowledge_skill(source),
    };
    let dc = RECOMMENDED_DCS[level.index()];
    KnowledgeCheck {
        skill,
        moderate_dc: dc.moderate,
        hard_dc: dc.hard,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r15_skill_by_source_and_tag() {
        let l4 = Level::new(4).unwrap();
        assert_eq!(
            knowledge_check(l4, Source::Natural, &[]).skill,
            Skill::Nature
        );
        assert_eq!(
            knowledge_check(l4, Source::Cosmic, &[]).skill,
            Skill::Dungeoneering
        );
        assert_eq!(
            knowledge_check(l4, Source::Natural, &[Tag::Undead]).skill,
            Skill::Religion
        );
        assert_eq!(
            knowledge_check(l4, Source::Natural, &[Tag::Construct]).skill,
            Skill::Arcana
        );
        let k = knowledge_check(l4, Source::Fey, &[]);
        assert_eq!((k.moderate_dc, k.hard_dc), (14, 21));
    }
}
