// The strto* functions store the end of the number through their second argument: a
// write of the end pointer. Workers parse into shared end pointers without a lock
// while main reads them: each is a write racing a read (strtol, strtod and strtoimax,
// the last one new to the library table).
// expect: end_long RACE
// expect: end_double RACE
// expect: end_max RACE
// expect: text[] race-free
#include <inttypes.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

const char text[] = "12 apples";
char *end_long;
char *end_double;
char *end_max;

static void *parse_long (void *arg)
{
  (void) arg;
  return (void *) strtol (text, &end_long, 10);
}

static void *parse_double (void *arg)
{
  (void) arg;
  double d = strtod (text, &end_double);
  return d > 0 ? arg : NULL;
}

static void *parse_max (void *arg)
{
  (void) arg;
  return (void *) (intptr_t) strtoimax (text, &end_max, 10);
}

int main (void)
{
  pthread_t a, b, c;
  pthread_create (&a, NULL, parse_long, NULL);
  pthread_create (&b, NULL, parse_double, NULL);
  pthread_create (&c, NULL, parse_max, NULL);
  int n = (end_long != NULL) + (end_double != NULL) + (end_max != NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  pthread_join (c, NULL);
  return n;
}
