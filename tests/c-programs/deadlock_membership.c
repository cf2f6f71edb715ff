// deadlock_membership.c: The same sync_worker routine runs twice, once adding memberships (users_lock then groups_lock) and once, with reverse set in its job, pruning them (groups_lock then users_lock); the two copies of the one function can each hold one lock and wait for the other.
// expect: local@main:jobs[].name race-free
// expect: local@main:jobs[].reverse race-free
// expect: local@main:jobs[].rounds race-free
// expect: user_memberships race-free
// expect: group_members race-free
// expect-deadlock: lock order groups_lock -> users_lock -> groups_lock: DEADLOCK
// fixed-twin: deadlock_membership_fixed.c
#include <pthread.h>
#include <stdio.h>

struct job {
    const char *name;
    int reverse;    /* walk from the group side */
    int rounds;
};

static pthread_mutex_t users_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t groups_lock = PTHREAD_MUTEX_INITIALIZER;
static int user_memberships;    /* guarded by users_lock */
static int group_members;       /* guarded by groups_lock */

static void *sync_worker(void *arg)
{
    const struct job *job = arg;

    for (int i = 0; i < job->rounds; i++) {
        if (job->reverse) {
            pthread_mutex_lock(&groups_lock);
            pthread_mutex_lock(&users_lock);
            if (group_members > 0 && user_memberships > 0) {
                group_members--;
                user_memberships--;
            }
        } else {
            pthread_mutex_lock(&users_lock);
            pthread_mutex_lock(&groups_lock);
            user_memberships++;
            group_members++;
        }
        pthread_mutex_unlock(&groups_lock);
        pthread_mutex_unlock(&users_lock);
    }
    printf("%s done\n", job->name);
    return NULL;
}

int main(void)
{
    struct job jobs[2] = {
        { "adder", 0, 1000 },
        { "pruner", 1, 800 },
    };
    pthread_t tid[2];

    for (int i = 0; i < 2; i++)
        pthread_create(&tid[i], NULL, sync_worker, &jobs[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(tid[i], NULL);
    printf("users %d groups %d\n", user_memberships, group_members);
    return 0;
}
