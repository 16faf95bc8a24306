//! Engine specs: quoting and names.

use std::time::Duration;

use game_protocol::referee::{EngineSpec, TimeControl, distinct_names};

/// Engine specs: quoting as in a shell, read back as written, and
/// distinct default names.
#[test]
fn engine_specs_quote_and_name() {
    let spec: EngineSpec =
        r#"name="a b" cmd='/x y/e' arg="say \"hi\"" arg=it\'s option.Book='my book' tc=movetime=50 dir=/tmp"#
            .parse()
            .unwrap();
    assert_eq!(spec.name, "a b");
    assert_eq!(spec.program, "/x y/e");
    assert_eq!(spec.args, ["say \"hi\"", "it's"]);
    assert_eq!(spec.options, [("Book".to_string(), "my book".to_string())]);
    assert_eq!(
        spec.time,
        Some(TimeControl::MoveTime(Duration::from_millis(50)))
    );
    assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
    for (text, message) in [
        (
            "name='a cmd=x",
            "a ' quote opened at character 6 is not closed",
        ),
        ("cmd=x tc=fast", "tc: time control \"fast\""),
        ("cmd=x colour=red", "unknown key \"colour\""),
        ("name=x", "no cmd=<program>"),
    ] {
        let e = text.parse::<EngineSpec>().unwrap_err();
        assert!(e.to_string().contains(message), "{text}: {e}");
    }
    let mut two: [EngineSpec; 2] = [
        "cmd=/bin/kk-engine option.Nodes=1".parse().unwrap(),
        "cmd=/usr/bin/kk-engine".parse().unwrap(),
    ];
    distinct_names(&mut two).unwrap();
    assert_eq!([&two[0].name, &two[1].name], ["kk-engine-1", "kk-engine-2"]);
    let mut one: [EngineSpec; 2] = [
        "name=kk-engine cmd=/bin/kk-engine".parse().unwrap(),
        "cmd=/usr/bin/kk-engine".parse().unwrap(),
    ];
    distinct_names(&mut one).unwrap();
    assert_eq!([&one[0].name, &one[1].name], ["kk-engine", "kk-engine-2"]);
    let mut same: [EngineSpec; 2] = [
        "name=x cmd=a".parse().unwrap(),
        "name=x cmd=b".parse().unwrap(),
    ];
    assert!(distinct_names(&mut same).is_err());
}
