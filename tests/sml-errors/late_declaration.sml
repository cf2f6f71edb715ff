// Declarations come before the job types.
shared x;

main {
  read x;
  acquire m;
}

lock m;
