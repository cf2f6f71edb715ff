// Pattern: write before create — the SML form of write_before_create.c: main writes the
// configuration, then starts the workers that read it.
// expect: config race-free
// why: main's write is over before any worker exists, and workers only read.
// racy-twin: write_after_create.sml
shared config;

main {
  write config;
  while (*) create worker;
}

thread worker {
  while (*) read config;
}
