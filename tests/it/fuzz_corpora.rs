//! Replays the fuzz targets' committed seed corpora (`fuzz/corpus/<target>/`)
//! and saved crash inputs (`fuzz/regressions/<target>/`) through the same
//! property functions on stable, so that a fixed crash stays fixed.

use std::fs;
use std::path::Path;

use test_support::fuzzing;

type Target = fn(&[u8]);

const TARGETS: [(&str, Target); 7] = [
    ("kamisado_parse", fuzzing::kamisado_parse),
    ("katarenga_parse", fuzzing::katarenga_parse),
    ("kamisado_play", fuzzing::kamisado_play),
    ("katarenga_play", fuzzing::katarenga_play),
    ("kamisado_match", fuzzing::kamisado_match),
    ("family_parse", fuzzing::family_parse),
    ("family_play", fuzzing::family_play),
];

/// Runs `target` on every file of `dir` (if it exists); returns how many.
fn replay(dir: &Path, target: Target) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut count = 0;
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_file()
            && !path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        {
            let data = fs::read(&path).expect("corpus file");
            let result = std::panic::catch_unwind(|| target(&data));
            assert!(result.is_ok(), "{} fails", path.display());
            count += 1;
        }
    }
    count
}

#[test]
fn seed_corpora_and_regressions_pass() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    for (name, target) in TARGETS {
        let seeds = replay(&fuzz.join("corpus").join(name), target);
        assert!(seeds > 0, "{name}: no committed seed corpus");
        replay(&fuzz.join("regressions").join(name), target);
    }
}

#[test]
fn properties_hold_on_hand_picked_inputs() {
    // Empty and odd inputs are valid fuzz inputs too.
    for (_, target) in TARGETS {
        target(b"");
        target(b"\n");
        target(&[0xFF; 64]);
        target("é\nü".as_bytes());
    }
}
