// main is written 'main { ... }', not as a thread.
shared x;

thread main {
  read x;
}
