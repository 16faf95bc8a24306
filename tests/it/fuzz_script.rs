//! `fuzz/run-all.sh` reports a crash. Regression: it read `PIPESTATUS`
//! after `| grep ... || true`, so a crashing fuzzer always ended in
//! "without a crash". The script runs here with a stand-in `cargo` on
//! `PATH` that behaves like a crashing (or a clean) fuzzer.

use std::path::Path;
use std::process::Command;

/// Runs the script with a stand-in `cargo` whose behaviour is `body` (a
/// shell snippet; `$4` is the target name in `cargo +nightly fuzz run T`).
fn run_with_stand_in(name: &str, body: &str) -> (Option<i32>, String) {
    // One directory per test: the tests run in parallel.
    let dir = std::env::temp_dir().join(format!("fuzz-script-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cargo = dir.join("cargo");
    std::fs::write(&cargo, format!("#!/usr/bin/env bash\n{body}\n")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/run-all.sh");
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("bash")
        .arg(script)
        .arg("1")
        .env("PATH", path)
        .output()
        .expect("bash runs the script");
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code(), text)
}

#[test]
#[cfg(unix)]
fn a_crashing_fuzzer_fails_the_script() {
    // The third target crashes the way libFuzzer does: a report, status 1.
    let (status, text) = run_with_stand_in(
        "crash",
        r#"if [ "$4" = kamisado_play ]; then
    echo "thread '<unnamed>' panicked at src/fuzzing.rs:1:1:"
    echo "==1== ERROR: libFuzzer: deadly signal"
    echo "SUMMARY: libFuzzer: deadly signal"
    exit 1
fi
echo "Done 10 runs in 1 second(s)""#,
    );
    assert_eq!(status, Some(1), "{text}");
    assert!(
        text.contains("kamisado_play failed with status 1"),
        "{text}"
    );
    assert!(text.contains("SUMMARY: libFuzzer: deadly signal"), "{text}");
    assert!(!text.contains("without a crash"), "{text}");
    // It stopped at the crash: the later targets did not run.
    assert!(!text.contains("==> katarenga_play"), "{text}");
}

#[test]
#[cfg(unix)]
fn clean_fuzzers_pass_the_script() {
    let (status, text) = run_with_stand_in("clean", r#"echo "Done 10 runs in 1 second(s)""#);
    assert_eq!(status, Some(0), "{text}");
    assert!(text.contains("without a crash"), "{text}");
    assert_eq!(text.matches("Done 10 runs").count(), 7, "{text}");
}
