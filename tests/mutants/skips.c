// Mutant fixture: sections whose mutants are skipped by each rule, next to ones that are not.
// expect: level race-free
// expect: ready race-free
// expect: log_lines race-free
// mutant-skip: 49 the log section is kept to show the header (its mutants would be killed)
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int level;
static int ready;
static int log_lines;

static void setup (void)
{
  pthread_mutex_lock (&m);
  level = 1;
  pthread_mutex_unlock (&m);
}

static void *waiter (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  while (!ready)
    pthread_cond_wait (&cv, &m);
  level++;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *notifier (void *arg)
{
  int local = (int) (long) arg;
  pthread_mutex_lock (&m);
  local = local + 1;
  pthread_mutex_unlock (&m);
  pthread_mutex_lock (&m);
  ready = local;
  level--;
  pthread_cond_signal (&cv);
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *logger (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  log_lines++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  setup ();
  pthread_mutex_lock (&m);
  level = 2;
  pthread_mutex_unlock (&m);
  for (int i = 0; i < 4; i++)
    {
      pthread_create (&t, NULL, waiter, NULL);
      pthread_create (&t, NULL, notifier, (void *) (long) i);
      pthread_create (&t, NULL, logger, NULL);
    }
  pthread_mutex_lock (&m);
  level = 3;
  pthread_mutex_unlock (&m);
  return 0;
}

#ifdef NEVER_DEFINED
static void *unused (void *arg)
{
  pthread_mutex_lock (&m);
  level++;
  pthread_mutex_unlock (&m);
  return arg;
}
#endif
