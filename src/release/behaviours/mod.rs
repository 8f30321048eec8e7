//! Behaviours that changed between releases without being a feature an
//! application would list (which [`super::Feature`] holds): how a release
//! read a request, checked it or worded its answer. Each is declared once
//! with the releases that behaved so (recorded from the real
//! releases, `conformance/releases/`); the front ends ask
//! [`super::Release::does`]. Data only.
//!
//! The list is kept in files by the series a behaviour began in
//! ([`before_2_0`] and, found after those, [`before_2_0_later`] and
//! [`before_2_0_last`];
//! [`of_2_x`] and [`of_2_x_later`]; [`of_3_x`] and [`of_3_x_later`]): each holds a macro that
//! puts its entries after the earlier files' and hands the whole list on,
//! so that `behaviours!`
//! below still sees one list, declared once, in the order release-diff
//! prints. A new behaviour goes at the end of its series' last file.

use super::Version;

/// Declares every behaviour once: its documentation, its stable machine
/// name (`release-diff --json`), the first release that behaved so and,
/// where one stopped, the first that did not (`(1, 1, 0)`: from the 1.1
/// series on; some started with a patch release), and one line for a
/// person (`release-diff`). The enum, [`Behaviour::ALL`], its `key`,
/// `describe` and the release spans are all drawn from this one list.
macro_rules! behaviours {
    ($(
        $(#[$doc:meta])*
        $name:ident {
            key: $key:literal,
            from: $from:expr,
            until: $until:expr,
            says: $says:expr $(,)?
        }
    )*) => {
        /// How a release answered where others answered differently.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Behaviour {
            $($(#[$doc])* $name,)*
        }

        impl Behaviour {
            /// Every behaviour, in the order they are declared.
            pub const ALL: &'static [Behaviour] = &[$(Behaviour::$name,)*];

            /// A stable machine name (`release-diff --json`).
            pub fn key(self) -> &'static str {
                match self {
                    $(Behaviour::$name => $key,)*
                }
            }

            /// One line for a person (`release-diff`).
            pub fn describe(self) -> &'static str {
                match self {
                    $(Behaviour::$name => $says,)*
                }
            }
        }

        /// Each behaviour with the releases that behaved so.
        pub(super) const BEHAVIOURS: &[(Behaviour, Version, Option<Version>)] =
            &[$((Behaviour::$name, $from, $until),)*];
    };
}

#[macro_use]
mod before_2_0;
#[macro_use]
mod before_2_0_later;
#[macro_use]
mod before_2_0_last;
#[macro_use]
mod of_2_x;
#[macro_use]
mod of_2_x_later;
#[macro_use]
mod of_3_x;
#[macro_use]
mod of_3_x_later;

with_behaviours_of_3_x_later! {}
