// Pattern: dining philosophers with ordered forks — the SML form of philosophers_ordered.c
// for three philosophers, each taking its lower-numbered fork first; each fork's use count
// is updated while holding that fork.
// expect: uses0 race-free
// expect: uses1 race-free
// expect: uses2 race-free
// why: usesK is only touched while holding forkK; forks are mutexes.
// racy-twin: philosophers_unlocked_total.sml
shared uses0, uses1, uses2;
lock fork0, fork1, fork2;

thread p0 [1] {
  while (*) {
    acquire fork0; acquire fork1;
    read uses0; write uses0; read uses1; write uses1;
    release fork1; release fork0;
  }
}

thread p1 [1] {
  while (*) {
    acquire fork1; acquire fork2;
    read uses1; write uses1; read uses2; write uses2;
    release fork2; release fork1;
  }
}

thread p2 [1] {
  while (*) {
    acquire fork0; acquire fork2;
    read uses2; write uses2; read uses0; write uses0;
    release fork2; release fork0;
  }
}

main { skip; }
