// goto to a label that does not exist, and a label defined twice.
shared x;

main {
again:
  read x;
  if (*) goto again; else goto done;
again:
  write x;
}
