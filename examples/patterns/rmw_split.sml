// Pattern: read-modify-write split across two critical sections — the SML form of
// rmw_split.c: read the balance under the lock, compute outside, write it back under the lock.
// expect: balance race-free
// why: every access holds account_lock, so there is no data race; but the update is not
//   atomic (two depositors can read the same old balance and one deposit is lost), an
//   atomicity violation that race-freedom does not rule out.
shared balance;
lock account_lock;

main {
  while (*) create depositor;
}

thread depositor {
  acquire account_lock;
  read balance;
  release account_lock;
  skip;
  acquire account_lock;
  write balance;
  release account_lock;
}
