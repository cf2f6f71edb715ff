// CheckThenAct (Table 1): each thread checks a shared flag and acts on it,
// without a lock. The check (read) and the act (write) of two threads can
// overlap: expected verdict RACE on flag.
shared flag;

main {
  while (*) {
    create worker;
  }
}

thread worker {
  read flag;
  if (*) {
    write flag;
  } else {
    skip;
  }
}
