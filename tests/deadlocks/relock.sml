// A worker locks m, then locks it again before releasing it: with a normal mutex it
// waits for itself for ever (a self-deadlock), whatever the other threads do.
shared count;
lock m;

thread worker [*] {
  acquire m;
  write count;
  acquire m;
  release m;
  release m;
}
