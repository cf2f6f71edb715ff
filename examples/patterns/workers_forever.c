// Pattern: non-terminating workers — workers loop forever taking jobs from a shared list; a
// monitor thread samples the progress counter; nothing ever joins anybody.
// expect: jobs_left race-free
// expect: done race-free
// why: jobs_left and done are only touched under work_lock, by the workers, by main (which
//   refills the list) and by the monitor.
// racy-twin: workers_forever_racy.c
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int jobs_left;
static long done;
static pthread_mutex_t work_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work_ready = PTHREAD_COND_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&work_lock);
      while (jobs_left == 0)
        pthread_cond_wait (&work_ready, &work_lock);
      jobs_left--;
      pthread_mutex_unlock (&work_lock);
      usleep (100);
      pthread_mutex_lock (&work_lock);
      done++;
      pthread_mutex_unlock (&work_lock);
    }
  return NULL;
}

static void *monitor (void *arg)
{
  (void) arg;
  for (;;)
    {
      sleep (1);
      pthread_mutex_lock (&work_lock);
      long d = done;
      pthread_mutex_unlock (&work_lock);
      printf ("%ld jobs done\n", d);
    }
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (int i = 0; i < 4; i++)
    pthread_create (&t, NULL, worker, NULL);
  pthread_create (&t, NULL, monitor, NULL);
  for (;;)
    {
      pthread_mutex_lock (&work_lock);
      jobs_left += 10;
      pthread_cond_broadcast (&work_ready);
      pthread_mutex_unlock (&work_lock);
      usleep (1000);
    }
}
