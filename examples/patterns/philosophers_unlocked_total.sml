// Pattern: dining philosophers, meal total without its lock — the SML form of
// philosophers_unlocked_total.c for three philosophers: fork use counts under their forks,
// but a shared meal total updated with no lock.
// expect: uses0 race-free
// expect: uses1 race-free
// expect: uses2 race-free
// expect: meals RACE
// why: usesK is only touched while holding forkK, but the philosophers update meals after
//   releasing their forks, holding no lock, so two of them can update it at once.
// fixed-twin: philosophers_ordered.sml
shared uses0, uses1, uses2, meals;
lock fork0, fork1, fork2;

thread p0 [1] {
  while (*) {
    acquire fork0; acquire fork1;
    read uses0; write uses0; read uses1; write uses1;
    release fork1; release fork0;
    read meals; write meals;
  }
}

thread p1 [1] {
  while (*) {
    acquire fork1; acquire fork2;
    read uses1; write uses1; read uses2; write uses2;
    release fork2; release fork1;
    read meals; write meals;
  }
}

thread p2 [1] {
  while (*) {
    acquire fork0; acquire fork2;
    read uses2; write uses2; read uses0; write uses0;
    release fork2; release fork0;
    read meals; write meals;
  }
}

main { skip; }
