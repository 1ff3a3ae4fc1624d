//! The line parser: finds the command word and reads its arguments.

use crate::command::{Command, Registration, Setup};
use crate::error::ParseError;
use crate::go::parse_go;
use movegen::UciMove;

/// Every word that starts a command.
const COMMANDS: [&str; 15] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "bench",
    "d",
    "eval",
    "glance",
];

/// Parses one line from the GUI.
///
/// - An empty or all-whitespace line is `Ok(None)`: nothing to do.
/// - As UCI asks, tokens before the first command word are skipped
///   (`joho debug on` is `debug on`); a line with no command word at all is
///   [`ParseError::UnknownCommand`] with its first token.
/// - Tokens after a complete command are ignored (`isready now` is `isready`),
///   and so are unknown tokens inside `go`.
/// - Commands and keywords are case-sensitive, as UCI specifies.
///
/// ```
/// use matewise_protocol::{parse, Command, ParseError};
///
/// assert_eq!(parse("joho debug on"), Ok(Some(Command::Debug(true))));
/// assert_eq!(parse("   \t"), Ok(None));
/// assert_eq!(parse("fly away"), Err(ParseError::UnknownCommand("fly".into())));
/// ```
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some(&first) = tokens.first() else {
        return Ok(None);
    };
    let Some(start) = tokens.iter().position(|t| is_command(t)) else {
        return Err(ParseError::UnknownCommand(first.to_string()));
    };
    let args = &tokens[start + 1..];
    let command = match tokens[start] {
        "uci" => Command::Uci,
        "debug" => parse_debug(args)?,
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(args)?,
        "register" => Command::Register(parse_register(args)?),
        "ucinewgame" => Command::UciNewGame,
        "position" => parse_position(args)?,
        "go" => Command::Go(parse_go(args)?),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "bench" => parse_bench(args)?,
        "d" => Command::D,
        "eval" => Command::Eval {
            full: args.first() == Some(&"full"),
        },
        "glance" => Command::Glance,
        _ => unreachable!("is_command accepted it"),
    };
    Ok(Some(command))
}

fn is_command(token: &str) -> bool {
    COMMANDS.contains(&token)
}

fn parse_debug(args: &[&str]) -> Result<Command, ParseError> {
    const EXPECTED: &str = "on or off";
    match args.first() {
        Some(&"on") => Ok(Command::Debug(true)),
        Some(&"off") => Ok(Command::Debug(false)),
        Some(other) => Err(ParseError::InvalidArgument {
            command: "debug",
            expected: EXPECTED,
            found: other.to_string(),
        }),
        None => Err(ParseError::MissingArgument {
            command: "debug",
            expected: EXPECTED,
        }),
    }
}

/// `name <words...> [value <words...>]`: the name runs to the first `value`.
fn parse_setoption(args: &[&str]) -> Result<Command, ParseError> {
    match args.first() {
        Some(&"name") => {}
        Some(other) => {
            return Err(ParseError::InvalidArgument {
                command: "setoption",
                expected: "name",
                found: other.to_string(),
            });
        }
        None => {
            return Err(ParseError::MissingArgument {
                command: "setoption",
                expected: "name <option name>",
            });
        }
    }
    let rest = &args[1..];
    let (name, value) = match rest.iter().position(|t| *t == "value") {
        Some(v) => (&rest[..v], Some(rest[v + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(ParseError::MissingArgument {
            command: "setoption",
            expected: "an option name after name",
        });
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `later`, or `name <words...>` and/or `code <words...>` in either order.
fn parse_register(args: &[&str]) -> Result<Registration, ParseError> {
    const EXPECTED: &str = "later, name <name> or code <code>";
    match args.first() {
        Some(&"later") => return Ok(Registration::Later),
        Some(&("name" | "code")) => {}
        Some(other) => {
            return Err(ParseError::InvalidArgument {
                command: "register",
                expected: EXPECTED,
                found: other.to_string(),
            });
        }
        None => {
            return Err(ParseError::MissingArgument {
                command: "register",
                expected: EXPECTED,
            });
        }
    }
    let (mut name, mut code) = (None, None);
    let mut rest = args;
    while let Some((&keyword, tail)) = rest.split_first() {
        let end = tail
            .iter()
            .position(|t| *t == "name" || *t == "code")
            .unwrap_or(tail.len());
        let words = (end > 0).then(|| tail[..end].join(" "));
        if keyword == "name" {
            name = words;
        } else {
            code = words;
        }
        rest = &tail[end..];
    }
    if name.is_none() && code.is_none() {
        return Err(ParseError::MissingArgument {
            command: "register",
            expected: "a name or code after the keyword",
        });
    }
    Ok(Registration::Details { name, code })
}

/// `startpos|fen <fields...> [moves <move>...]`.
fn parse_position(args: &[&str]) -> Result<Command, ParseError> {
    let moves_at = args.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(m) => (&args[..m], &args[m + 1..]),
        None => (args, &[][..]),
    };
    let setup = match head.split_first() {
        Some((&"startpos", [])) => Setup::StartPos,
        Some((&"startpos", [extra, ..])) => {
            return Err(ParseError::InvalidArgument {
                command: "position",
                expected: "moves after startpos",
                found: extra.to_string(),
            });
        }
        Some((&"fen", [])) => {
            return Err(ParseError::MissingArgument {
                command: "position",
                expected: "the FEN after fen",
            });
        }
        Some((&"fen", fields)) => Setup::Fen(fields.join(" ")),
        Some((other, _)) => {
            return Err(ParseError::InvalidArgument {
                command: "position",
                expected: "startpos or fen",
                found: other.to_string(),
            });
        }
        None => {
            return Err(ParseError::MissingArgument {
                command: "position",
                expected: "startpos or fen <FEN>",
            });
        }
    };
    let moves = moves
        .iter()
        .enumerate()
        .map(|(index, text)| {
            text.parse::<UciMove>()
                .map_err(|_| ParseError::InvalidMove {
                    command: "position",
                    index,
                    token: text.to_string(),
                })
        })
        .collect::<Result<_, _>>()?;
    Ok(Command::Position { setup, moves })
}

/// `bench [depth]`.
fn parse_bench(args: &[&str]) -> Result<Command, ParseError> {
    let depth = match args.first() {
        None => None,
        Some(text) => Some(text.parse().map_err(|_| ParseError::InvalidValue {
            command: "bench",
            param: "depth",
            value: text.to_string(),
        })?),
    };
    Ok(Command::Bench { depth })
}

impl Command {
    /// Parses one line from the GUI; the same as [`parse`].
    ///
    /// ```
    /// use matewise_protocol::Command;
    /// assert_eq!(Command::parse("isready")?, Some(Command::IsReady));
    /// # Ok::<(), matewise_protocol::ParseError>(())
    /// ```
    pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
        parse(line)
    }
}
