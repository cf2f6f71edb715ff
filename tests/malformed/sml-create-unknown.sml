// create of a job type that does not exist.
shared x;
main { create nobody; write x; }
