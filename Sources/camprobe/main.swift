import CamProbeCLI

// The shipped command line: the real machine, nothing else.
await CommandLineEntry.main()
