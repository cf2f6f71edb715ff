// Several independent errors, all reported in one run.
shared x, y;
lock m;

thread worker [3] {
  acquire m;
  read x
  release m;
  write z;
}

main {
  create helper;
  read x;
  if (*) { write y } else skip;
  goto nowhere;
}
