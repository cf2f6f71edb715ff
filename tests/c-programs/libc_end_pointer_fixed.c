// The strto* functions store the end of the number through their second argument;
// here every parse and every read of an end pointer holds the same lock (strtol,
// strtod and strtoimax), and the text is only read.
// expect: end_long race-free
// expect: end_double race-free
// expect: end_max race-free
// expect: text[] race-free
#include <inttypes.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

const char text[] = "12 apples";
char *end_long;
char *end_double;
char *end_max;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *parse_long (void *arg)
{
  pthread_mutex_lock (&lock);
  long n = strtol (text, &end_long, 10);
  pthread_mutex_unlock (&lock);
  return n ? arg : NULL;
}

static void *parse_double (void *arg)
{
  pthread_mutex_lock (&lock);
  double d = strtod (text, &end_double);
  pthread_mutex_unlock (&lock);
  return d > 0 ? arg : NULL;
}

static void *parse_max (void *arg)
{
  pthread_mutex_lock (&lock);
  intmax_t m = strtoimax (text, &end_max, 10);
  pthread_mutex_unlock (&lock);
  return m ? arg : NULL;
}

int main (void)
{
  pthread_t a, b, c;
  pthread_create (&a, NULL, parse_long, NULL);
  pthread_create (&b, NULL, parse_double, NULL);
  pthread_create (&c, NULL, parse_max, NULL);
  pthread_mutex_lock (&lock);
  int n = (end_long != NULL) + (end_double != NULL) + (end_max != NULL);
  pthread_mutex_unlock (&lock);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  pthread_join (c, NULL);
  return n;
}
