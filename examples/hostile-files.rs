//! Writes every hostile file of `lairsmith_core::fixtures::hostile_files()` into DIR, one file each,
//! for measuring what the commands cost on them (see BENCHMARKS.md).
fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: hostile-files DIR");
        std::process::exit(2);
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("the directory can be created");
    for (name, bytes) in lairsmith_core::fixtures::hostile_files() {
        let file = dir.join(format!("{}.yaml", name.replace([' ', '/'], "-")));
        std::fs::write(&file, bytes).expect("the file can be written");
    }
}
