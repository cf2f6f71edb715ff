// The count of pending jobs is set to the number of jobs before they start; each job
// takes one off when done and the last one signals; main waits while any is pending.
// expect: pending race-free
// expect: argv[] race-free
// expect: heap@wait_count_preset.c:47.path race-free
// expect: total_bytes race-free
// expect: failures race-free
// expect: heap@wait_count_preset.c:47.bytes race-free
// expect: argv strings race-free
// racy-twin: wait_count_preset_twice.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct job
{
  const char *path;
  size_t bytes;
};

static pthread_mutex_t jobs_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t jobs_cv = PTHREAD_COND_INITIALIZER;
static size_t pending;
static size_t total_bytes;
static int failures;

static void *
run_job (void *arg)
{
  struct job *j = arg;
  size_t got = strlen (j->path) * 100;
  pthread_mutex_lock (&jobs_mu);
  if (got == 0)
    failures++;
  total_bytes += got;
  if (--pending == 0)
    pthread_cond_signal (&jobs_cv);
  pthread_mutex_unlock (&jobs_mu);
  return NULL;
}

int
main (int argc, char **argv)
{
  size_t njobs = (size_t) (argc > 1 ? argc - 1 : 0);
  struct job *jobs = calloc (njobs + 1, sizeof *jobs);
  if (!jobs)
    return 1;
  pending = njobs;
  for (size_t i = 0; i < njobs; i++)
    {
      pthread_t t;
      jobs[i].path = argv[i + 1];
      if (pthread_create (&t, NULL, run_job, &jobs[i]) != 0)
        abort ();
      pthread_detach (t);
    }
  pthread_mutex_lock (&jobs_mu);
  while (pending > 0)
    pthread_cond_wait (&jobs_cv, &jobs_mu);
  pthread_mutex_unlock (&jobs_mu);
  printf ("%zu bytes, %d failures\n", total_bytes, failures);
  free (jobs);
  return 0;
}
