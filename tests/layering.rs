//! The workspace's layering, checked from its sources: each crate depends
//! only on the crates below it (the README's crate table), and the search
//! crate's files import only the files below them in `lib.rs`'s list, so
//! that a reader can take the crate from the bottom up with no circle.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Every library crate of the workspace, by folder, with the workspace
/// crates it may depend on. Dev-dependencies (tests, examples) are free.
const ALLOWED: &[(&str, &[&str])] = &[
    ("movegen", &[]),
    ("mating-heuristics", &[]),
    ("mate-detection", &["movegen"]),
    ("endgame-tables", &["movegen"]),
    ("protocol", &["movegen"]),
    (
        "eval-terms",
        &["movegen", "mating-heuristics", "endgame-tables"],
    ),
    (
        "search",
        &["movegen", "eval-terms", "endgame-tables", "mate-detection"],
    ),
    (
        "engine",
        &[
            "movegen",
            "mating-heuristics",
            "mate-detection",
            "endgame-tables",
            "protocol",
            "eval-terms",
            "search",
        ],
    ),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The workspace crates a manifest's normal dependencies name (in
/// `[dependencies]` and `[target.'cfg(...)'.dependencies]`), by the names
/// the workspace gives them.
fn normal_dependencies(manifest: &str, workspace_crates: &[&str]) -> Vec<String> {
    let mut in_dependencies = false;
    let mut found = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]"
                || (line.starts_with("[target.") && line.ends_with(".dependencies]"));
            continue;
        }
        if !in_dependencies || line.starts_with('#') || line.is_empty() {
            continue;
        }
        let name = line
            .split(['=', '.'])
            .next()
            .unwrap_or_default()
            .trim()
            .trim_matches('"');
        if workspace_crates.contains(&name) {
            found.push(name.to_string());
        }
    }
    found
}

#[test]
fn every_crate_depends_only_on_the_crates_below_it() {
    let names: Vec<&str> = ALLOWED.iter().map(|(name, _)| *name).collect();
    let folders: Vec<String> = fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("Cargo.toml").exists())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for (name, allowed) in ALLOWED {
        assert!(folders.iter().any(|f| f == name), "no crate {name}");
        let manifest =
            fs::read_to_string(root().join("crates").join(name).join("Cargo.toml")).unwrap();
        for dependency in normal_dependencies(&manifest, &names) {
            assert!(
                allowed.contains(&dependency.as_str()),
                "{name} depends on {dependency}, which is not below it"
            );
        }
    }
    // A crate not in the table (a dev-only kit, say) must not be a normal
    // dependency of any crate that is.
    for folder in folders.iter().filter(|f| !names.contains(&f.as_str())) {
        for (name, _) in ALLOWED {
            let manifest =
                fs::read_to_string(root().join("crates").join(name).join("Cargo.toml")).unwrap();
            assert!(
                normal_dependencies(&manifest, &[folder.as_str()]).is_empty(),
                "{name} depends on {folder}, which is outside the layering"
            );
        }
    }
}

#[test]
fn the_parser_reads_normal_dependencies_only() {
    let manifest = "[dependencies]\nmovegen.workspace = true\nsearch = { workspace = true }\n\
                    [dev-dependencies]\nprotocol.workspace = true\n\
                    [target.'cfg(unix)'.dependencies]\neval-terms.workspace = true\n";
    let crates = ["movegen", "search", "protocol", "eval-terms"];
    assert_eq!(
        normal_dependencies(manifest, &crates),
        ["movegen", "search", "eval-terms"]
    );
}

/// The source files of module `name` of the crate in `src`.
fn module_files(src: &Path, name: &str) -> Vec<PathBuf> {
    let file = src.join(format!("{name}.rs"));
    let mut files = vec![];
    if file.exists() {
        files.push(file);
    }
    let folder = src.join(name);
    if folder.is_dir() {
        for entry in fs::read_dir(folder).unwrap() {
            files.push(entry.unwrap().path());
        }
    }
    assert!(!files.is_empty(), "no source for module {name}");
    files
}

/// The top-level modules of the crate whose `crate::...` paths `code` names,
/// outside comments and its tests.
fn named_modules(code: &str, modules: &[String]) -> Vec<String> {
    let code = code.split("#[cfg(test)]").next().unwrap();
    let mut named = Vec::new();
    for line in code
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
    {
        for (at, _) in line.match_indices("crate::") {
            let rest = &line[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if modules.contains(&name) && !named.contains(&name) {
                named.push(name);
            }
        }
    }
    named
}

#[test]
fn the_search_crate_imports_downward_only() {
    let src = root().join("crates/search/src");
    let lib = fs::read_to_string(src.join("lib.rs")).unwrap();
    let modules: Vec<String> = lib
        .lines()
        .filter_map(|line| {
            let line = line.strip_prefix("pub ").unwrap_or(line);
            line.strip_prefix("mod ")?
                .strip_suffix(';')
                .map(str::to_string)
        })
        .collect();
    assert!(modules.len() > 10, "lib.rs lists its modules: {modules:?}");
    let mut upward = BTreeMap::new();
    for (floor, module) in modules.iter().enumerate() {
        for file in module_files(&src, module) {
            let code = fs::read_to_string(&file).unwrap();
            for named in named_modules(&code, &modules) {
                let below = modules.iter().position(|m| *m == named).unwrap() > floor;
                if named != *module && !below {
                    upward
                        .entry(file.display().to_string())
                        .or_insert_with(Vec::new)
                        .push(named);
                }
            }
        }
    }
    assert!(
        upward.is_empty(),
        "files that import a module listed above them in lib.rs: {upward:?}"
    );
}
