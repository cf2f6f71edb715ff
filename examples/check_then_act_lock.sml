// CheckThenAct-Lock (Table 1): the check and the act of CheckThenAct in one
// critical section. Expected verdict: flag race-free.
shared flag;
lock m;

main {
  while (*) {
    create worker;
  }
}

thread worker {
  acquire m;
  read flag;
  if (*) {
    write flag;
  } else {
    skip;
  }
  release m;
}
