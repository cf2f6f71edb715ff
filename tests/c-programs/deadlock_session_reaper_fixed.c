// deadlock_session_reaper_fixed.c: A reaper thread walks the session table with sessions_mtx held and closes expired entries through session_close_locked(), which requires the caller to hold sessions_mtx and does not lock it; only the public session_close() locks, and nobody calls it with the lock held, so no thread relocks the mutex and there is only one lock.
// expect: closed_total race-free
// expect: open_flag[] race-free
// expect: ttl[] race-free
// racy-twin: deadlock_session_reaper.c
#include <pthread.h>
#include <stdio.h>

#define NSESSIONS 8

static pthread_mutex_t sessions_mtx = PTHREAD_MUTEX_INITIALIZER;
/* All three guarded by sessions_mtx. */
static int ttl[NSESSIONS] = {0, 3, 5, 0, 2, 7, 1, 4};
static int open_flag[NSESSIONS] = {1, 1, 1, 1, 1, 1, 1, 1};
static int closed_total;

/* Caller must hold sessions_mtx. */
static void session_close_locked(int i)
{
    open_flag[i] = 0;
    ttl[i] = 0;
    closed_total++;
}

/* Public API: close one session.  Must not be called with sessions_mtx held. */
static void session_close(int i)
{
    pthread_mutex_lock(&sessions_mtx);
    if (open_flag[i])
        session_close_locked(i);
    pthread_mutex_unlock(&sessions_mtx);
}

static void *reaper(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&sessions_mtx);
    for (int i = 0; i < NSESSIONS; i++) {
        if (open_flag[i] && ttl[i] == 0)
            session_close_locked(i);   /* we hold sessions_mtx */
        else if (ttl[i] > 0)
            ttl[i]--;
    }
    pthread_mutex_unlock(&sessions_mtx);
    return NULL;
}

static void *client(void *arg)
{
    (void)arg;
    session_close(5);
    session_close(6);
    return NULL;
}

int main(void)
{
    pthread_t r, c;

    pthread_create(&r, NULL, reaper, NULL);
    pthread_create(&c, NULL, client, NULL);
    pthread_join(c, NULL);
    pthread_join(r, NULL);
    printf("%d sessions closed\n", closed_total);
    return 0;
}
