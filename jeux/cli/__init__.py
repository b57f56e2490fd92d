"""The command line: one module per `jeux` subcommand (each with `add_parser(sub)` and
`run(args)`, cheap to import: what a command needs is imported when it runs), the arguments they
share, and the developers' commands run with `python -m` (`lab`, `benchmarks`)."""
