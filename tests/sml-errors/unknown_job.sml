// create of a job type that does not exist.
shared x;

main {
  create worker;
  read x;
}
