// As wait_count_preset.c, but a failed job counts itself out twice: with one failure
// main may stop waiting while another job still adds its bytes.
// expect: pending race-free
// expect: argv[] race-free
// expect: heap@wait_count_preset_twice.c:55.path RACE
// expect-race-at: heap@wait_count_preset_twice.c:55.path 72 35
// expect: total_bytes RACE
// expect-race-at: total_bytes 71 44
// expect: failures RACE
// expect-race-at: failures 71 39
// expect: heap@wait_count_preset_twice.c:55.bytes race-free
// expect: argv strings race-free
// fixed-twin: wait_count_preset.c
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
    {
      failures++;
      pending--;   /* counted out twice on this path */
    }
  pthread_mutex_unlock (&jobs_mu);
  pthread_mutex_lock (&jobs_mu);
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
