// Pattern: write after create — the SML form of write_after_create.c: main starts workers,
// then writes the configuration they read.
// expect: config RACE
// why: a worker may be reading config while main writes it.
// fixed-twin: write_before_create.sml
shared config;

main {
  while (*) create worker;
  write config;
}

thread worker {
  while (*) read config;
}
