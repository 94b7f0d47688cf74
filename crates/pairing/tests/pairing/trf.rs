//! TRF-16 reading and writing: a real-looking file round-trips, bad files are typed errors,
//! and no input whatsoever makes the reader panic.

use boardpost_pairing::trf::{self, TrfError};
use boardpost_pairing::{Colour, GameResult, RoundEntry};
use proptest::prelude::*;

/// Written as the endorsed programs write it: bbpPairings' generator output (bare `\r`
/// line ends) with the rounds header.
const SAMPLE: &str = "012 Club Swiss\r\
001    1      Test0001 Player0001               2568                             3.5    3     6 w =     4 b 1     8 w 1     2 b =     3 b =\r\
001    2      Test0002 Player0002               2542                             4.0    1     7 b 1     5 w 1     3 b =     1 w =     4 b +\r\
001    3      Test0003 Player0003               2527                             4.0    2     8 w 1    12 b 1     2 w =     5 b 1     1 w =\r\
001    4      Test0004 Player0004               2507                             2.5    6     9 b 1     1 w 0     6 w 1    10 b =     2 w -\r\
001    5      Test0005 Player0005               2408                             3.0    4    10 w 1     2 b 0    12 w 1     3 w 0     6 b 1\r\
001    6      Test0006 Player0006               2371                             2.5    7     1 b =    11 w 1     4 b 0     7 w 1     5 w 0\r\
001    7      Test0007 Player0007               2349                             2.0    8     2 w 0    10 b =     9 w =     6 b 0    11 b 1\r\
001    8      Test0008 Player0008               2344                             3.0    5     3 b 0     9 w 1     1 b 0    12 w 1    10 b +\r\
001    9      Test0009 Player0009               2320                             2.0    9     4 w 0     8 b 0     7 b =    11 w =    12 b +\r\
001   10      Test0010 Player0010               2183                             2.0   10     5 b 0     7 w =    11 b 1     4 w =     8 w -\r\
001   11      Test0011 Player0011               2070                             1.0   11  0000 - H     6 b 0    10 w 0     9 b =     7 w 0\r\
001   12      Test0012 Player0012               2046                             1.0   12  0000 - U     3 w 0     5 b 0     8 b 0     9 w -\r\
\r\
XXR 7\r\
XXC white1\r";

#[test]
fn reads_a_generated_file() {
    let tournament = trf::read(SAMPLE.as_bytes()).unwrap();
    assert_eq!(tournament.name, "Club Swiss");
    assert_eq!(tournament.players.len(), 12);
    assert_eq!(tournament.total_rounds, Some(7));
    assert_eq!(tournament.initial_colour, Some(Colour::White));
    assert_eq!(tournament.played_rounds(), 5);
    let first = &tournament.players[0];
    assert_eq!(first.rating, 2568);
    assert_eq!(first.name, "Test0001 Player0001");
    assert_eq!(
        first.rounds[0],
        RoundEntry::Played {
            opponent: 6,
            colour: Colour::White,
            result: GameResult::Draw,
            brief: false
        }
    );
    assert_eq!(tournament.players[10].rounds[0], RoundEntry::HalfBye);
    assert_eq!(tournament.players[11].rounds[0], RoundEntry::PairingBye);
    assert_eq!(
        tournament.players[1].rounds[4],
        RoundEntry::Forfeit {
            opponent: 4,
            colour: Some(Colour::Black),
            won: true
        }
    );
    assert_eq!(first.score(&tournament.points, 5), 35);
}

#[test]
fn writing_and_reading_back_gives_the_same_tournament() {
    let tournament = trf::read(SAMPLE.as_bytes()).unwrap();
    let written = trf::write(&tournament);
    let again = trf::read(written.as_bytes()).unwrap();
    assert_eq!(again, tournament);
    // Columns as TRF-16 fixes them: points in 81–84, first round from column 92.
    let line = written.lines().find(|l| l.starts_with("001    2")).unwrap();
    assert_eq!(&line[80..84], " 4.0");
    assert_eq!(&line[91..99], "   7 b 1");
    assert_eq!(&line[101..109], "   5 w 1");
}

#[test]
fn a_non_default_bye_value_is_written_and_read() {
    let mut tournament = trf::read(SAMPLE.as_bytes()).unwrap();
    tournament.points.pairing_bye = 5;
    // Player 12's round-1 bye is now worth half a point.
    let written = trf::write(&tournament);
    assert!(written.contains("BBU  0.5"));
    let again = trf::read(written.as_bytes()).unwrap();
    assert_eq!(again.points.pairing_bye, 5);
    assert_eq!(again.players[11].score(&again.points, 5), 5);
}

fn replace_line(number: &str, new: &str) -> String {
    SAMPLE
        .split('\r')
        .map(|line| {
            if line.starts_with(number) {
                new.to_string()
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\r")
}

#[test]
fn bad_files_are_typed_errors() {
    assert_eq!(trf::read(b""), Err(TrfError::NoPlayers));
    assert_eq!(trf::read(b"012 nothing\n"), Err(TrfError::NoPlayers));
    assert!(matches!(
        trf::read(&[0x30, 0x30, 0x31, 0xff, b'\n']),
        Err(TrfError::NotUtf8 { line: 1 })
    ));
    // Points that do not add up.
    let wrong_points = replace_line(
        "001    1",
        "001    1      Test0001 Player0001               2568                             4.5    3     6 w =     4 b 1     8 w 1     2 b =     3 b =",
    );
    assert!(matches!(
        trf::read(wrong_points.as_bytes()),
        Err(TrfError::ScoreMismatch { id: 1, .. })
    ));
    // Player 1 claims a win over 6, who says they drew.
    let disagree = replace_line(
        "001    1",
        "001    1      Test0001 Player0001               2568                             4.0    3     6 w 1     4 b 1     8 w 1     2 b =     3 b =",
    );
    assert!(matches!(
        trf::read(disagree.as_bytes()),
        Err(TrfError::Inconsistent { round: 1, .. })
    ));
    // A gap in the pairing numbers.
    let gap = SAMPLE.replace("001   12      Test0012", "001   14      Test0012");
    assert!(matches!(
        trf::read(gap.as_bytes()),
        Err(TrfError::MissingPlayer(_)) | Err(TrfError::Inconsistent { .. })
    ));
    let twice = format!(
        "{SAMPLE}\r001    1      Test0001 Player0001               2568                             0.0"
    );
    assert_eq!(
        trf::read(twice.as_bytes()),
        Err(TrfError::DuplicatePlayer(1))
    );
    assert!(matches!(
        trf::read(b"001    1      A                                 2000                             0.0       0000 - X\n"),
        Err(TrfError::BadLine { line: 1, .. })
    ));
    assert!(matches!(
        trf::read(format!("{SAMPLE}\rXXR 0").as_bytes()),
        Err(TrfError::BadLine { .. })
    ));
    let huge = vec![b' '; trf::MAX_BYTES + 1];
    assert_eq!(trf::read(&huge), Err(TrfError::TooLarge));
    let long = format!("001{}", " ".repeat(trf::MAX_LINE_CHARS + 5));
    assert!(matches!(
        trf::read(long.as_bytes()),
        Err(TrfError::LineTooLong { line: 1 })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_bytes_are_an_answer_not_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let _ = trf::read(&bytes);
    }

    #[test]
    fn mutated_files_are_an_answer_not_a_panic(
        position in 0usize..SAMPLE.len(),
        replacement in proptest::collection::vec(prop_oneof![
            Just(b' '), Just(b'0'), Just(b'1'), Just(b'9'), Just(b'w'), Just(b'b'), Just(b'-'),
            Just(b'+'), Just(b'='), Just(b'U'), Just(b'H'), Just(b'\r'), Just(b'.'), any::<u8>()
        ], 1..8),
    ) {
        let mut bytes = SAMPLE.as_bytes().to_vec();
        let end = (position + replacement.len()).min(bytes.len());
        bytes.splice(position..end, replacement);
        if let Ok(tournament) = trf::read(&bytes) {
            // Whatever is accepted is written and read back the same.
            let again = trf::read(trf::write(&tournament).as_bytes());
            prop_assert_eq!(again, Ok(tournament));
        }
    }
}
