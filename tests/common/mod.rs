//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod scenario;
pub mod xiangqi4_scenario;
pub mod xiangqi_scenario;

/// One test per scenario block, named after the block (and so after the rule it checks),
/// run by `$run(file, name)`; plus a test that every block of the file has its test.
#[macro_export]
macro_rules! scenario_tests {
    ($file:expr, $run:path; $($name:ident,)*) => {
        $(
            #[test]
            fn $name() {
                $run($file, stringify!($name));
            }
        )*

        #[test]
        fn every_scenario_block_has_its_test() {
            let named = [$(stringify!($name)),*];
            for block in $crate::common::scenario::blocks($file) {
                assert!(named.contains(&block.name.as_str()), "no test runs block {}", block.name);
            }
        }
    };
}
