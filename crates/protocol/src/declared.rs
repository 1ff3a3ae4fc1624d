//! Options declared once, Stockfish's `options.add(name, Option(default,
//! min, max, on_change))` in Rust: a [`Declared`] holds an option's name,
//! kind, default and range, and the function that stores a value. The `uci`
//! listing ([`Declared::uci_option`]), the checking of `setoption` values
//! ([`Declared::set`]) and the starting values ([`Declared::set_default`])
//! all come from it, so they cannot disagree.
//!
//! [`uci_options!`](crate::uci_options) goes one step further for options
//! that are plain values: one line declares the field, its option and its
//! default together.

use crate::response::{OptionKind, UciOption};

/// One UCI option: its name, kind, default, range or choices, and what
/// setting it does to a `T`.
///
/// ```
/// use matewise_protocol::{Declared, find_option};
///
/// #[derive(Default)]
/// struct Engine { lines: i64, show_wdl: bool }
///
/// const OPTIONS: &[Declared<Engine>] = &[
///     Declared::spin("MultiPV", 1, 1, 256, |e, n| e.lines = n),
///     Declared::check("UCI_ShowWDL", false, |e, on| e.show_wdl = on),
/// ];
///
/// let mut engine = Engine::default();
/// for option in OPTIONS {
///     option.set_default(&mut engine);
/// }
/// assert_eq!(engine.lines, 1);
/// assert_eq!(OPTIONS[0].uci_option().to_string(), "option name MultiPV type spin default 1 min 1 max 256");
///
/// let multipv = find_option(OPTIONS, "multipv").unwrap();
/// assert_eq!(multipv.set(&mut engine, Some("3")), Ok(()));
/// assert_eq!(engine.lines, 3);
/// assert_eq!(multipv.set(&mut engine, Some("300")), Err("option MultiPV: 300 is outside 1..256".to_string()));
/// assert_eq!(engine.lines, 3);
/// ```
pub struct Declared<T> {
    name: &'static str,
    setting: Setting<T>,
}

/// The kind of an option with its default, range or choices, and its setter.
enum Setting<T> {
    Check {
        default: bool,
        set: fn(&mut T, bool),
    },
    Spin {
        default: i64,
        min: i64,
        max: i64,
        set: fn(&mut T, i64),
    },
    Combo {
        default: &'static str,
        choices: &'static [&'static str],
        set: fn(&mut T, &str),
    },
    Text {
        default: &'static str,
        set: fn(&mut T, &str),
    },
    Button {
        press: fn(&mut T),
    },
}

impl<T> Declared<T> {
    /// A `check` option (true or false).
    pub const fn check(name: &'static str, default: bool, set: fn(&mut T, bool)) -> Self {
        Declared {
            name,
            setting: Setting::Check { default, set },
        }
    }

    /// A `spin` option: a whole number in `min..=max`.
    ///
    /// # Panics
    /// In a `const` (at compile time) if `default` is outside `min..=max`.
    pub const fn spin(
        name: &'static str,
        default: i64,
        min: i64,
        max: i64,
        set: fn(&mut T, i64),
    ) -> Self {
        assert!(
            min <= default && default <= max,
            "a spin default within its range"
        );
        Declared {
            name,
            setting: Setting::Spin {
                default,
                min,
                max,
                set,
            },
        }
    }

    /// A `combo` option: one of `choices`, matched case-insensitively; the
    /// setter gets the choice as declared.
    pub const fn combo(
        name: &'static str,
        default: &'static str,
        choices: &'static [&'static str],
        set: fn(&mut T, &str),
    ) -> Self {
        Declared {
            name,
            setting: Setting::Combo {
                default,
                choices,
                set,
            },
        }
    }

    /// A `string` option: any text; no value or `<empty>` is the empty string.
    pub const fn string(name: &'static str, default: &'static str, set: fn(&mut T, &str)) -> Self {
        Declared {
            name,
            setting: Setting::Text { default, set },
        }
    }

    /// A `button`: an action with no value.
    pub const fn button(name: &'static str, press: fn(&mut T)) -> Self {
        Declared {
            name,
            setting: Setting::Button { press },
        }
    }

    /// The name as declared (and listed).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// True if `name` is this option's name, ignoring case and surrounding
    /// spaces, as UCI asks.
    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name.trim())
    }

    /// The `option name ... type ...` line that `uci` lists.
    pub fn uci_option(&self) -> UciOption {
        let kind = match &self.setting {
            Setting::Check { default, .. } => OptionKind::Check { default: *default },
            Setting::Spin {
                default, min, max, ..
            } => OptionKind::Spin {
                default: *default,
                min: *min,
                max: *max,
            },
            Setting::Combo {
                default, choices, ..
            } => OptionKind::Combo {
                default: (*default).to_string(),
                vars: choices.iter().map(|c| (*c).to_string()).collect(),
            },
            Setting::Text { default, .. } => OptionKind::String {
                default: (*default).to_string(),
            },
            Setting::Button { .. } => OptionKind::Button,
        };
        UciOption::new(self.name, kind)
    }

    /// Checks `value` (as `setoption ... value <value>` gives it) and, if it
    /// is good, stores it in `target` (a button is pressed, whatever the
    /// value). On error `target` is untouched and the message is a sentence
    /// fit for `info string`.
    pub fn set(&self, target: &mut T, value: Option<&str>) -> Result<(), String> {
        let name = self.name;
        match &self.setting {
            Setting::Check { set, .. } => {
                let on = match value.map(|v| v.trim().to_ascii_lowercase()) {
                    Some(v) if v == "true" => true,
                    Some(v) if v == "false" => false,
                    Some(v) => return Err(format!("option {name}: '{v}' is not true or false")),
                    None => return Err(format!("option {name} needs a value true or false")),
                };
                set(target, on);
            }
            Setting::Spin { min, max, set, .. } => {
                let text = value.ok_or_else(|| format!("option {name} needs a value"))?;
                let n: i64 = text
                    .trim()
                    .parse()
                    .map_err(|_| format!("option {name}: '{text}' is not a whole number"))?;
                if !(*min..=*max).contains(&n) {
                    return Err(format!("option {name}: {n} is outside {min}..{max}"));
                }
                set(target, n);
            }
            Setting::Combo { choices, set, .. } => {
                let text = value.map_or("", str::trim);
                let choice = choices
                    .iter()
                    .find(|c| c.eq_ignore_ascii_case(text))
                    .ok_or_else(|| {
                        format!(
                            "option {name}: '{text}' is not one of {}",
                            choices.join(", ")
                        )
                    })?;
                set(target, choice);
            }
            Setting::Text { set, .. } => match value.map(str::trim) {
                None | Some("<empty>") => set(target, ""),
                Some(text) => set(target, text),
            },
            Setting::Button { press } => press(target),
        }
        Ok(())
    }

    /// Stores the declared default in `target`; a button is left unpressed.
    pub fn set_default(&self, target: &mut T) {
        match &self.setting {
            Setting::Check { default, set } => set(target, *default),
            Setting::Spin { default, set, .. } => set(target, *default),
            Setting::Combo { default, set, .. } | Setting::Text { default, set } => {
                set(target, default)
            }
            Setting::Button { .. } => {}
        }
    }
}

/// The option called `name` (ignoring case) among `declared`.
pub fn find_option<'a, T>(declared: &'a [Declared<T>], name: &str) -> Option<&'a Declared<T>> {
    declared.iter().find(|option| option.is_named(name))
}

/// Declares a struct whose fields are UCI options, one line per field:
/// `field: Type = check(name, default)`, `spin(name, default, min, max)`,
/// `combo(name, default, [choices])` or `string(name, default)`. Generates
/// the struct, a `Default` holding the declared defaults, and `DECLARED`,
/// the fields' [`Declared`] options in order. An optional `internal { ... }`
/// block adds fields that are not UCI options, each `field: Type = default`.
///
/// A spin field may be any integer type its range fits in.
///
/// ```
/// matewise_protocol::uci_options! {
///     /// What a search reads.
///     #[derive(Debug, PartialEq)]
///     pub struct Settings {
///         /// Lines to report.
///         pub lines: usize = spin("MultiPV", 1, 1, 256),
///         /// Mate distance pruning.
///         pub mdp: bool = check("MateDistancePruning", true),
///         /// How to play.
///         pub style: String = combo("Style", "Normal", ["Solid", "Normal", "Risky"]),
///     }
///     internal {
///         /// An experiment's switch, not offered to GUIs.
///         pub full_width: bool = false,
///     }
/// }
///
/// let mut settings = Settings::default();
/// assert_eq!((settings.lines, settings.mdp, settings.style.as_str()), (1, true, "Normal"));
/// assert_eq!(Settings::DECLARED.len(), 3);
/// let style = matewise_protocol::find_option(Settings::DECLARED, "style").unwrap();
/// style.set(&mut settings, Some("risky")).unwrap();
/// assert_eq!(settings.style, "Risky");
/// assert!(style.set(&mut settings, Some("wild")).is_err());
/// ```
#[macro_export]
macro_rules! uci_options {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$field_meta:meta])*
                $field_vis:vis $field:ident : $ty:ty = $kind:ident($($arg:tt)*)
            ),* $(,)?
        }
        $(internal {
            $(
                $(#[$internal_meta:meta])*
                $internal_vis:vis $internal:ident : $internal_ty:ty = $internal_default:expr
            ),* $(,)?
        })?
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $($(#[$field_meta])* $field_vis $field: $ty,)*
            $($($(#[$internal_meta])* $internal_vis $internal: $internal_ty,)*)?
        }

        impl ::core::default::Default for $name {
            /// The declared defaults.
            fn default() -> Self {
                $name {
                    $($field: $crate::uci_options!(@default $ty; $kind($($arg)*)),)*
                    $($($internal: $internal_default,)*)?
                }
            }
        }

        impl $name {
            /// The fields that are UCI options, in the order `uci` lists them.
            pub const DECLARED: &'static [$crate::Declared<$name>] = &[
                $($crate::uci_options!(@declare $name, $field: $ty; $kind($($arg)*)),)*
            ];
        }
    };

    (@default $ty:ty; check($uci:expr, $default:expr)) => { $default };
    (@default $ty:ty; spin($uci:expr, $default:expr, $min:expr, $max:expr)) => {
        ($default) as $ty
    };
    (@default $ty:ty; combo($uci:expr, $default:expr, [$($choice:expr),* $(,)?])) => {
        ::std::string::String::from($default)
    };
    (@default $ty:ty; string($uci:expr, $default:expr)) => {
        ::std::string::String::from($default)
    };

    (@declare $name:ident, $field:ident: $ty:ty; check($uci:expr, $default:expr)) => {
        $crate::Declared::<$name>::check($uci, $default, |o, on| o.$field = on)
    };
    (@declare $name:ident, $field:ident: $ty:ty; spin($uci:expr, $default:expr, $min:expr, $max:expr)) => {
        $crate::Declared::<$name>::spin(
            $uci,
            ($default) as i64,
            ($min) as i64,
            ($max) as i64,
            |o, n| o.$field = n as $ty,
        )
    };
    (@declare $name:ident, $field:ident: $ty:ty; combo($uci:expr, $default:expr, [$($choice:expr),* $(,)?])) => {
        $crate::Declared::<$name>::combo($uci, $default, &[$($choice),*], |o, choice| {
            o.$field = ::std::string::String::from(choice)
        })
    };
    (@declare $name:ident, $field:ident: $ty:ty; string($uci:expr, $default:expr)) => {
        $crate::Declared::<$name>::string($uci, $default, |o, text| {
            o.$field = ::std::string::String::from(text)
        })
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default, Debug, PartialEq)]
    struct Target {
        on: bool,
        n: i64,
        text: String,
        presses: u32,
    }

    const DECLARED: &[Declared<Target>] = &[
        Declared::check("On", true, |t, on| t.on = on),
        Declared::spin("N", 5, -3, 10, |t, n| t.n = n),
        Declared::combo("Pick", "b", &["a", "b"], |t, c| t.text = c.into()),
        Declared::string("Path", "", |t, s| t.text = s.into()),
        Declared::button("Press", |t| t.presses += 1),
    ];

    fn set(name: &str, value: Option<&str>) -> Result<Target, String> {
        let mut target = Target::default();
        find_option(DECLARED, name)
            .ok_or("no such option")?
            .set(&mut target, value)?;
        Ok(target)
    }

    #[test]
    fn listing_follows_the_declarations() {
        let lines: Vec<String> = DECLARED
            .iter()
            .map(|d| d.uci_option().to_string())
            .collect();
        assert_eq!(
            lines,
            [
                "option name On type check default true",
                "option name N type spin default 5 min -3 max 10",
                "option name Pick type combo default b var a var b",
                "option name Path type string default <empty>",
                "option name Press type button",
            ]
        );
    }

    #[test]
    fn good_values_are_stored_and_bad_ones_reported() {
        assert!(set(" on ", Some("TRUE")).unwrap().on);
        assert_eq!(set("N", Some(" -3")).unwrap().n, -3);
        assert_eq!(
            set("N", Some("11")),
            Err("option N: 11 is outside -3..10".into())
        );
        assert_eq!(
            set("N", Some("x")),
            Err("option N: 'x' is not a whole number".into())
        );
        assert_eq!(set("N", None), Err("option N needs a value".into()));
        assert_eq!(
            set("On", Some("1")),
            Err("option On: '1' is not true or false".into())
        );
        assert_eq!(set("pick", Some("A")).unwrap().text, "a");
        assert_eq!(
            set("Pick", Some("c")),
            Err("option Pick: 'c' is not one of a, b".into())
        );
        assert_eq!(set("Path", Some("/tmp/x y")).unwrap().text, "/tmp/x y");
        assert_eq!(set("Path", Some("<empty>")).unwrap().text, "");
        assert_eq!(set("Press", None).unwrap().presses, 1);
    }

    #[test]
    fn defaults_are_stored_and_buttons_not_pressed() {
        let mut target = Target::default();
        for option in DECLARED {
            option.set_default(&mut target);
        }
        // The string option comes after the combo, so its default stands.
        assert_eq!(
            target,
            Target {
                on: true,
                n: 5,
                text: String::new(),
                presses: 0
            }
        );
    }
}
