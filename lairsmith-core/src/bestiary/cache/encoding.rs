//! The index's bytes: its header, each record written and read back, and the seal that tells a
//! whole file from a torn one.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The header of an index of `count` records.
pub(super) fn header(templates: u64, count: usize) -> Vec<u8> {
    let version = env!("CARGO_PKG_VERSION").as_bytes();
    let mut out = Vec::new();
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&CACHE_FORMAT.to_le_bytes());
    out.push(u8::try_from(version.len()).unwrap_or(0));
    out.extend_from_slice(&version[..version.len().min(255)]);
    out.extend_from_slice(&templates.to_le_bytes());
    out.extend_from_slice(&u32::try_from(count).unwrap_or(0).to_le_bytes());
    out
}

/// An index written record by record, in the order of a listing (by file name), so that no
/// record is kept twice: 100,000 records go straight into the bytes that are written, with no
/// list of paths, no map from path to stamp and no second buffer to sort them into.
pub(crate) struct Records {
    out: Vec<u8>,
    /// The header's length: the record count is its last four bytes.
    header_len: usize,
    count: usize,
    /// Where the last record's name is in `out`: each name must come after it.
    last_name: std::ops::Range<usize>,
}

impl Records {
    /// No records yet, for cards derived with the [`library_hash`] `templates`; room is made
    /// for `expected` records of a typical size.
    pub(crate) fn new(templates: u64, expected: usize) -> Records {
        let mut out = header(templates, 0);
        let header_len = out.len();
        out.reserve(expected.saturating_mul(TYPICAL_RECORD_BYTES));
        Records {
            out,
            header_len,
            count: 0,
            last_name: 0..0,
        }
    }

    /// Adds the record of the file at `path`, with what was seen of it and what it gave. A
    /// record whose name does not come after the last one's (the listing's order is by name)
    /// or that is longer than [`MAX_RECORD_BYTES`] is left out.
    pub(crate) fn push(&mut self, path: &Path, seen: Seen, content: Content<'_>) {
        let (Some(file), Some(stem)) = (path.file_name(), path.file_stem()) else {
            return;
        };
        let name = file.as_encoded_bytes();
        if self.count > 0 && name <= &self.out[self.last_name.clone()] {
            return;
        }
        let stem = stem.to_string_lossy();
        let record = Record {
            name,
            seen,
            body: match content {
                Content::Card(c) => Body::Card(c.row(&stem)),
                Content::Error(e) => Body::Error {
                    message: &e.message,
                    line: e.line,
                    column: e.column,
                },
            },
        };
        let start = self.out.len();
        if put_record(&mut self.out, &record).is_none() {
            self.out.truncate(start);
            return;
        }
        // The name follows the record's length and the name's own.
        self.last_name = start + 6..start + 6 + name.len();
        self.count += 1;
    }

    /// The index's bytes, count and checksum in place.
    pub(crate) fn finish(self) -> Vec<u8> {
        let Records {
            mut out,
            header_len,
            count,
            ..
        } = self;
        out[header_len - 4..header_len]
            .copy_from_slice(&u32::try_from(count).unwrap_or(0).to_le_bytes());
        seal(out)
    }
}

/// The index with its checksum appended.
pub(super) fn seal(mut out: Vec<u8>) -> Vec<u8> {
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// [`Index::decode`] on the bytes of a file.
pub(super) fn decode_bytes(bytes: Vec<u8>) -> Option<Decoded> {
    // A file that grew past the bound while it was read.
    if bytes.len() as u64 > MAX_INDEX_BYTES {
        return None;
    }
    let (content, crc) = bytes.split_last_chunk::<4>()?;
    if crc32fast::hash(content) != u32::from_le_bytes(*crc) {
        return None;
    }
    let mut r = Reader(content);
    if r.take(MAGIC.len())? != MAGIC || r.u32()? != CACHE_FORMAT {
        return None;
    }
    let version_len = usize::from(r.u8()?);
    if r.take(version_len)? != env!("CARGO_PKG_VERSION").as_bytes() {
        return None;
    }
    let templates = r.u64()?;
    let count = r.u32()? as usize;
    // Each record is at least its length and its name's length: a count the bytes cannot hold
    // is refused before anything is set aside for it.
    if count > r.0.len() / 6 {
        return None;
    }
    let mut starts = Vec::with_capacity(count);
    let mut previous: &[u8] = &[];
    for _ in 0..count {
        let start = content.len() - r.0.len();
        let len = r.u32()? as usize;
        if len > MAX_RECORD_BYTES {
            return None;
        }
        let mut rec = Reader(r.take(len)?);
        let name = rec.str16()?;
        // Strictly increasing: sorted, as the listing is, and no name twice.
        if !plain_file_name(name) || (!starts.is_empty() && name <= previous) {
            return None;
        }
        previous = name;
        starts.push(u32::try_from(start).ok()?);
    }
    if !r.0.is_empty() {
        return None;
    }
    Some(Decoded {
        bytes,
        starts,
        templates,
    })
}

/// Reads the fixed-width fields of the index from the front of a slice.
pub(super) struct Reader<'a>(pub(super) &'a [u8]);

impl<'a> Reader<'a> {
    pub(super) fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(head)
    }

    pub(super) fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N)?.try_into().ok()
    }

    pub(super) fn u8(&mut self) -> Option<u8> {
        Some(self.array::<1>()?[0])
    }

    pub(super) fn flag(&mut self) -> Option<bool> {
        match self.u8()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    pub(super) fn u16(&mut self) -> Option<u16> {
        self.array().map(u16::from_le_bytes)
    }

    pub(super) fn u32(&mut self) -> Option<u32> {
        self.array().map(u32::from_le_bytes)
    }

    pub(super) fn u64(&mut self) -> Option<u64> {
        self.array().map(u64::from_le_bytes)
    }

    pub(super) fn i64(&mut self) -> Option<i64> {
        self.array().map(i64::from_le_bytes)
    }

    pub(super) fn str16(&mut self) -> Option<&'a [u8]> {
        let len = usize::from(self.u16()?);
        self.take(len)
    }

    pub(super) fn utf8_16(&mut self) -> Option<&'a str> {
        std::str::from_utf8(self.str16()?).ok()
    }

    pub(super) fn optional(&mut self) -> Option<Option<usize>> {
        match self.u64()? {
            NONE => Some(None),
            n => usize::try_from(n).ok().map(Some),
        }
    }

    pub(super) fn record(&mut self) -> Option<Record<'a>> {
        let name = self.str16()?;
        let stamp = Stamp {
            len: self.u64()?,
            ino: self.u64()?,
            mtime_s: self.i64()?,
            mtime_ns: self.u32()?,
            ctime_s: self.i64()?,
            ctime_ns: self.u32()?,
        };
        let seen = Seen {
            stamp,
            hash: self.u64()?,
            verify: self.flag()?,
        };
        let body = match self.u8()? {
            0 => Body::Card(CardRow {
                id: self.utf8_16()?,
                name: self.utf8_16()?,
                level: self.u8()?,
                rank: self.u8()?,
                role: self.u8()?,
                leader: self.flag()?,
                size: self.u8()?,
                source: self.u8()?,
                creature_type: self.u8()?,
                tags: Cow::Borrowed(self.str16()?),
                xp: self.i64()?,
                mark: self.u8()?,
                overrides: self.flag()?,
                templated: self.flag()?,
            }),
            1 => {
                let len = self.u32()? as usize;
                Body::Error {
                    message: std::str::from_utf8(self.take(len)?).ok()?,
                    line: self.optional()?,
                    column: self.optional()?,
                }
            }
            _ => return None,
        };
        Some(Record { name, seen, body })
    }
}

pub(super) fn put_len16(out: &mut Vec<u8>, bytes: &[u8]) -> Option<()> {
    out.extend_from_slice(&u16::try_from(bytes.len()).ok()?.to_le_bytes());
    out.extend_from_slice(bytes);
    Some(())
}

pub(super) fn put_optional(out: &mut Vec<u8>, n: Option<usize>) {
    out.extend_from_slice(&n.map_or(NONE, |n| n as u64).to_le_bytes());
}

/// Appends `rec` with its length; `None` (and a partial record the caller cuts off) if it is
/// longer than [`MAX_RECORD_BYTES`] or a field is longer than its length can say.
pub(super) fn put_record(out: &mut Vec<u8>, rec: &Record<'_>) -> Option<()> {
    let start = out.len();
    out.extend_from_slice(&[0; 4]);
    put_len16(out, rec.name)?;
    let st = rec.seen.stamp;
    out.extend_from_slice(&st.len.to_le_bytes());
    out.extend_from_slice(&st.ino.to_le_bytes());
    out.extend_from_slice(&st.mtime_s.to_le_bytes());
    out.extend_from_slice(&st.mtime_ns.to_le_bytes());
    out.extend_from_slice(&st.ctime_s.to_le_bytes());
    out.extend_from_slice(&st.ctime_ns.to_le_bytes());
    out.extend_from_slice(&rec.seen.hash.to_le_bytes());
    out.push(u8::from(rec.seen.verify));
    match &rec.body {
        Body::Card(row) => {
            out.push(0);
            put_len16(out, row.id.as_bytes())?;
            put_len16(out, row.name.as_bytes())?;
            out.extend_from_slice(&[
                row.level,
                row.rank,
                row.role,
                u8::from(row.leader),
                row.size,
                row.source,
                row.creature_type,
            ]);
            put_len16(out, &row.tags)?;
            out.extend_from_slice(&row.xp.to_le_bytes());
            out.extend_from_slice(&[row.mark, u8::from(row.overrides), u8::from(row.templated)]);
        }
        Body::Error {
            message,
            line,
            column,
        } => {
            out.push(1);
            out.extend_from_slice(&u32::try_from(message.len()).ok()?.to_le_bytes());
            out.extend_from_slice(message.as_bytes());
            put_optional(out, *line);
            put_optional(out, *column);
        }
    }
    let len = out.len() - start - 4;
    if len > MAX_RECORD_BYTES {
        return None;
    }
    out[start..start + 4].copy_from_slice(&u32::try_from(len).ok()?.to_le_bytes());
    Some(())
}
