//! [`Msg`]: a message of the Fluent files, by id, with its variables: what layers hand
//! each other instead of sentences, put into words only in the language of whoever reads
//! it.

use super::bundle;
use super::Lang;
use std::borrow::Cow;
use std::fmt;

/// A message id of `locales/*/*.ftl` with its variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Msg {
    /// Written in the code (`sidja-taken`), or made from a table's names
    /// (`option-sidja-size`).
    pub id: Cow<'static, str>,
    pub args: Vec<(&'static str, Arg)>,
}

/// The value of a message's variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Shown as it is: a square, a name, a mention, an id.
    Text(String),
    /// A count: Fluent picks the plural form by it.
    Num(i64),
    /// Another message, put into words in the same language first.
    Msg(Box<Msg>),
    /// Values put into words one by one and joined with commas (`5×5, drop 2`).
    List(Vec<Arg>),
    /// Values put into words one by one and written one after the other.
    Concat(Vec<Arg>),
}

impl Msg {
    pub fn new(id: impl Into<Cow<'static, str>>) -> Msg {
        Msg {
            id: id.into(),
            args: Vec::new(),
        }
    }

    /// The message with one more variable.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }

    /// The message in words of `lang` (English where `lang` lacks it).
    pub fn tr(&self, lang: Lang) -> String {
        bundle::format(lang, self)
    }
}

/// Messages print in English where no language was chosen (logs, errors of the
/// command-line tools).
impl fmt::Display for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.tr(Lang::En))
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Arg {
        Arg::Text(text.clone())
    }
}

impl From<Msg> for Arg {
    fn from(msg: Msg) -> Arg {
        Arg::Msg(Box::new(msg))
    }
}

macro_rules! num_args {
    ($($t:ty),*) => {
        $(impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as i64)
            }
        })*
    };
}
num_args!(u8, u16, u32, u64, usize, i32, i64);

/// Something with words for players: an error, a reason, a note.
pub trait Localize {
    fn msg(&self) -> Msg;

    /// In words of `lang`.
    fn tr(&self, lang: Lang) -> String {
        self.msg().tr(lang)
    }
}

impl Localize for Msg {
    fn msg(&self) -> Msg {
        self.clone()
    }
}

/// A message by id with its variables: `msg!("sidja-taken", square = sq)`.
#[macro_export]
macro_rules! msg {
    ($id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Msg::new($id)$(.arg(stringify!($name), $value))*
    };
}

/// A message equals its English words (for tests and logs that compare texts).
impl PartialEq<&str> for Msg {
    fn eq(&self, other: &&str) -> bool {
        self.tr(Lang::En) == *other
    }
}

impl PartialEq<str> for Msg {
    fn eq(&self, other: &str) -> bool {
        self.tr(Lang::En) == other
    }
}

impl PartialEq<String> for Msg {
    fn eq(&self, other: &String) -> bool {
        self.tr(Lang::En) == *other
    }
}
