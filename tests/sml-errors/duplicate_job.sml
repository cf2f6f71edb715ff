// Two job types with one name, and two main job types.
shared x;

thread worker { read x; }
main { create worker; }
thread worker { write x; }
main { }
