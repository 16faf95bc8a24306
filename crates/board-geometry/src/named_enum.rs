//! [`named_enum!`](crate::named_enum): the small fieldless enums of the games (colours,
//! camps, players, rule readings) written once as a list of variants.

/// Declares a fieldless enum with the items every such enum of the games
/// repeats, so each one is a list of its variants and nothing else by hand.
///
/// Every form writes the enum with `#[repr(u8)]` and the derives `Debug,
/// Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash` (further attributes,
/// such as a `#[derive(Default)]` or a `#[cfg_attr(feature = "serde", ...)]`,
/// are passed through and evaluated in the calling crate), the constant
/// `ALL` (the variants in declaration order) and `index() -> usize`
/// (the position in `ALL`).
///
/// - **Plain**: variants only.
/// - **Named**: each variant `=> "name"`. Adds `name()` and `Display` (the
///   name); with a `parse_error:` (a value of the error type, such as a
///   [`ParseNameError`](crate::ParseNameError)) also `FromStr` (the exact
///   name).
/// - **Lettered**: each variant `=> "name" / 'l'`, and
///   `letters: exact(to_letter, from_letter)` or
///   `letters: either_case(to_letter, from_letter)` naming the two letter
///   functions. Adds those (`to_letter(self) -> char` as written;
///   `from_letter(u8) -> Option<Self>` exact or ignoring ASCII case), and
///   `FromStr` also reads a lone letter.
///
/// ```
/// use board_geometry::{ParseNameError, named_enum};
///
/// named_enum! {
///     /// A traffic light.
///     pub enum Light {
///         /// Stop.
///         Red => "red" / 'r',
///         /// Go.
///         Green => "green" / 'g',
///     }
///     letters: either_case(letter, from_letter),
///     parse_error: ParseNameError { what: "light", expected: "red, green, r or g" },
/// }
///
/// assert_eq!(Light::ALL, [Light::Red, Light::Green]);
/// assert_eq!(Light::Green.index(), 1);
/// assert_eq!(Light::Green.to_string(), "green");
/// assert_eq!("G".parse(), Ok(Light::Green));
/// assert_eq!(Light::from_letter(b'R'), Some(Light::Red));
/// assert_eq!(
///     "amber".parse::<Light>(),
///     Err(ParseNameError { what: "light", expected: "red, green, r or g" })
/// );
/// ```
///
/// A letter is read from one byte, so a letter outside ASCII fails to
/// compile:
///
/// ```compile_fail
/// use board_geometry::{ParseNameError, named_enum};
///
/// named_enum! {
///     /// A vowel.
///     pub enum Vowel {
///         /// E with an acute accent.
///         EAcute => "e-acute" / 'é',
///     }
///     letters: exact(letter, from_letter),
///     parse_error: ParseNameError { what: "vowel", expected: "e-acute" },
/// }
/// ```
// Exported and documented rather than hidden: both game crates and any
// future game of the same equipment declare their enums with it, so it is
// part of what the crate offers, and its doctest keeps this page true.
#[macro_export]
macro_rules! named_enum {
    // Lettered.
    (
        $(#[$attr:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vattr:meta])* $variant:ident => $vname:literal / $letter:literal ),+ $(,)?
        }
        letters: $case:ident($to_letter:ident, $from_letter:ident),
        parse_error: $err:ident $({ $($err_fields:tt)* })? $(,)?
    ) => {
        $crate::named_enum! {
            @named [$from_letter]
            $(#[$attr])*
            $vis enum $name { $( $(#[$vattr])* $variant => $vname ),+ }
            [$err $({ $($err_fields)* })?]
        }

        impl $name {
            /// The notation letter.
            #[inline]
            #[must_use]
            $vis const fn $to_letter(self) -> char {
                match self {
                    $( $name::$variant => $letter, )+
                }
            }

            $crate::named_enum!(@from_letter $case $vis $name $from_letter [$( $variant $letter )+]);
        }

        // A letter is read from one byte, so it must be ASCII.
        const _: () = {
            $( assert!(char::is_ascii(&$letter), "a named_enum! letter must be ASCII"); )+
        };
    };

    // Named.
    (
        $(#[$attr:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vattr:meta])* $variant:ident => $vname:literal ),+ $(,)?
        }
        $(parse_error: $err:ident $({ $($err_fields:tt)* })? $(,)?)?
    ) => {
        $crate::named_enum! {
            @named []
            $(#[$attr])*
            $vis enum $name { $( $(#[$vattr])* $variant => $vname ),+ }
            [$($err $({ $($err_fields)* })?)?]
        }
    };

    // What a named enum adds; `[from_letter]` is empty for names only,
    // the last brackets without a parse error.
    (
        @named [$($from_letter:ident)?]
        $(#[$attr:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vattr:meta])* $variant:ident => $vname:literal ),+
        }
        [$($error:tt)*]
    ) => {
        $crate::named_enum! {
            $(#[$attr])*
            $vis enum $name { $( $(#[$vattr])* $variant ),+ }
        }

        impl $name {
            /// The name: what `Display` writes (and `FromStr`, if any, reads).
            #[inline]
            #[must_use]
            $vis const fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $vname, )+
                }
            }
        }

        impl ::core::fmt::Display for $name {
            /// Writes the name.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }

        $crate::named_enum!(@from_str $name [$($from_letter)?] [$($error)*]);
    };

    // Plain.
    (
        $(#[$attr:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vattr:meta])* $variant:ident ),+ $(,)?
        }
    ) => {
        $(#[$attr])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        $vis enum $name {
            $( $(#[$vattr])* $variant, )+
        }

        impl $name {
            /// Every variant, in declaration order.
            $vis const ALL: [$name; [$($name::$variant),+].len()] = [$($name::$variant),+];

            /// The position in [`ALL`](Self::ALL), for per-variant arrays.
            #[inline]
            #[must_use]
            $vis const fn index(self) -> usize {
                self as usize
            }
        }
    };

    (@from_str $name:ident [$($from_letter:ident)?] []) => {};

    (@from_str $name:ident [$($from_letter:ident)?] [$err:ident $({ $($err_fields:tt)* })?]) => {
        impl ::core::str::FromStr for $name {
            type Err = $err;

            /// Reads the name, exactly as written (or, where the enum has
            /// letters, a lone letter).
            fn from_str(s: &str) -> ::core::result::Result<$name, $err> {
                let by_letter: ::core::option::Option<$name> = match s.as_bytes() {
                    $( &[letter] => $name::$from_letter(letter), )?
                    _ => ::core::option::Option::None,
                };
                by_letter
                    .or_else(|| $name::ALL.into_iter().find(|v| v.name() == s))
                    .ok_or($err $({ $($err_fields)* })?)
            }
        }
    };

    (@from_letter exact $vis:vis $name:ident $from_letter:ident [$( $variant:ident $letter:literal )+]) => {
        /// The variant written as this letter, exactly (case matters).
        #[inline]
        #[must_use]
        $vis const fn $from_letter(letter: u8) -> ::core::option::Option<$name> {
            $( if letter as char == $letter {
                return ::core::option::Option::Some($name::$variant);
            } )+
            ::core::option::Option::None
        }
    };

    (@from_letter either_case $vis:vis $name:ident $from_letter:ident [$( $variant:ident $letter:literal )+]) => {
        /// The variant written as this letter, in either case.
        #[inline]
        #[must_use]
        $vis const fn $from_letter(letter: u8) -> ::core::option::Option<$name> {
            $( if (letter as char).eq_ignore_ascii_case(&$letter) {
                return ::core::option::Option::Some($name::$variant);
            } )+
            ::core::option::Option::None
        }
    };
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::ToString;

    use crate::ParseNameError;

    const SHADE_ERROR: ParseNameError = ParseNameError {
        what: "shade",
        expected: "light, dark, l or d",
    };

    named_enum! {
        /// A test enum with letters read exactly.
        enum Shade {
            /// Light.
            Light => "light" / 'l',
            /// Dark.
            Dark => "dark" / 'D',
        }
        letters: exact(letter, from_letter),
        parse_error: ParseNameError { what: "shade", expected: "light, dark, l or d" },
    }

    named_enum! {
        /// A test enum with letters in either case.
        enum Tone {
            /// Low.
            Low => "low" / 'l',
            /// High.
            High => "high" / 'h',
        }
        letters: either_case(letter, from_letter),
        parse_error: ParseNameError { what: "tone", expected: "low or high" },
    }

    /// A unit error, the other shape `parse_error` takes.
    #[derive(Debug, PartialEq)]
    struct NoSuchSize;

    named_enum! {
        /// A test enum with names only.
        enum Size {
            /// Small.
            Small => "small",
            /// Extra large.
            ExtraLarge => "extra-large",
        }
        parse_error: NoSuchSize,
    }

    named_enum! {
        /// A test enum with names and no parse error, so no `FromStr`.
        enum Mark {
            /// Ticked.
            Tick => "tick",
            /// Crossed out.
            Cross => "cross out",
        }
    }

    #[test]
    fn names_without_a_parse_error_still_display() {
        assert_eq!(Mark::ALL.map(Mark::name), ["tick", "cross out"]);
        assert_eq!(Mark::Cross.to_string(), "cross out");
        assert_eq!(Mark::Cross.index(), 1);
    }

    #[test]
    fn every_variant_round_trips_through_its_name_and_letter() {
        assert_eq!(Shade::ALL, [Shade::Light, Shade::Dark]);
        for (i, shade) in Shade::ALL.into_iter().enumerate() {
            assert_eq!(shade.index(), i);
            assert_eq!(shade.to_string().parse::<Shade>(), Ok(shade));
            assert_eq!(shade.letter().to_string().parse::<Shade>(), Ok(shade));
            assert_eq!(Shade::from_letter(shade.letter() as u8), Some(shade));
        }
        assert_eq!(Shade::Dark.to_string(), "dark");
        assert_eq!(Shade::Dark.letter(), 'D');
        for size in Size::ALL {
            assert_eq!(size.to_string().parse::<Size>(), Ok(size));
        }
        assert_eq!(Size::ExtraLarge.to_string(), "extra-large");
        assert_eq!(Size::ExtraLarge.index(), 1);
    }

    #[test]
    fn exact_letters_keep_their_case_and_either_case_letters_do_not() {
        assert_eq!(Shade::from_letter(b'L'), None);
        assert_eq!(Shade::from_letter(b'd'), None);
        assert_eq!("d".parse::<Shade>(), Err(SHADE_ERROR));
        assert_eq!(Tone::from_letter(b'H'), Some(Tone::High));
        assert_eq!(Tone::from_letter(b'h'), Some(Tone::High));
        assert_eq!("L".parse::<Tone>(), Ok(Tone::Low));
        assert_eq!(Tone::High.letter(), 'h');
        assert_eq!(Tone::High.index(), 1);
    }

    #[test]
    fn a_wrong_name_is_rejected_with_the_given_error() {
        for wrong in ["", "Light", "lightx", "ld", "x", "dark "] {
            assert_eq!(wrong.parse::<Shade>(), Err(SHADE_ERROR), "{wrong:?}");
        }
        assert_eq!(
            "High".parse::<Tone>(),
            Err(ParseNameError {
                what: "tone",
                expected: "low or high"
            })
        );
        // Names are exact: no letters, no other case.
        assert_eq!("s".parse::<Size>(), Err(NoSuchSize));
        assert_eq!("Small".parse::<Size>(), Err(NoSuchSize));
    }
}
