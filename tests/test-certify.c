/* test-certify: the certificate checker alone (rf-certify.h), on small hand-written
 * certificates: valid proofs, each check failing, 128-bit weighted sums, resets (version
 * 2: the predecessor with resets, invariants refused), and each kind of malformed line,
 * with the checker's whole output. The certificates of the engine
 * are checked end to end by cert-run.py and cert-corrupt.py, and on random nets by
 * test-random and test-random-programs. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>
#include <glib.h>

#include "rf-certify.h"

/* A mutex net: idle (0, omega) processes take the lock (1) to become critical (2); a
 * key (3) nobody has would let two in at once. */
#define MUTEX \
  "racefree certificate 1\n" \
  "net 4 3\n" \
  "place 0 idle\n" \
  "place 1 lock\n" \
  "place 2 critical\n" \
  "place 3 key\n" \
  "transition 0 0 1 -> 2\n" \
  "transition 1 2 -> 0 1\n" \
  "transition 2 3 -> 2*2\n" \
  "initial 1\n" \
  "omega 0\n"

/* A net with resets (version 2): workers run (0) and finish (1); main (2) joins them all
 * (transition 1 empties run and done) to become joined (3); a worker still running
 * then is bad (4); joined main may restart one worker for a finished one (transition
 * 3: it empties run, then puts one token back, so run never holds two after a join);
 * a key (5) nobody has would empty main and start three workers. */
#define JOIN_NET(T1, T3) \
  "net 6 5\n" \
  "place 0 run\n" \
  "place 1 done\n" \
  "place 2 main\n" \
  "place 3 joined\n" \
  "place 4 bad\n" \
  "place 5 key\n" \
  "transition 0 0 -> 1\n" \
  "transition 1 2 -> 3" T1 "\n" \
  "transition 2 0 3 -> 3 4\n" \
  "transition 3 1 3 -> 0 3" T3 "\n" \
  "transition 4 5 -> 0*3 reset 2\n" \
  "initial 0*2 2\n" \
  "omega\n"
#define JOIN "racefree certificate 2\n" JOIN_NET (" reset 0 1", " reset 0")

/* Case: a certificate, the exit status of the checker and its whole output. */
typedef struct {
  const char *name;
  const char *text;
  gsize len;       /* 0: strlen (text) */
  int status;
  const char *out;
  const char *err;
} Case;

static const Case cases[] = {
  /* the lock invariant excludes the target; another verdict listed */
  { "valid_invariant",
    MUTEX
    "proof mutex\n"
    "target 2*2\n"
    "unmarkable 3\n"
    "invariant 1 2 = 1\n"
    "end\n"
    "uncertified other race\n",
    0, 0,
    "mutex: valid: 1 targets, 0 basis markings, 1 invariants and inequalities, 1 unmarkable places\n"
    "other: not certified (race)\n"
    "t.cert: valid certificate: 1 proof holds\n",
    "" },
  /* a basis closed under predecessors; the key's transition is dead */
  { "valid_basis",
    MUTEX
    "proof mutex\n"
    "target 2*2\n"
    "unmarkable 3\n"
    "basis 2*2\n"
    "basis 0 1 2\n"
    "basis 0*2 1*2\n"
    "end\n",
    0, 0,
    "mutex: valid: 1 targets, 3 basis markings, 0 invariants and inequalities, 1 unmarkable places\n"
    "t.cert: valid certificate: 1 proof holds\n",
    "" },
  /* a net and no proof (a program with no shared variable) */
  { "no_proof",
    MUTEX,
    0, 0,
    "t.cert: valid certificate: 0 proofs hold\n",
    "" },
  /* a dead transition may increase a Farkas inequality's sum */
  { "dead_transition_ignored",
    MUTEX
    "proof mutex\n"
    "target 2*2\n"
    "unmarkable 3\n"
    "farkas 1 2 <= 1\n"
    "end\n",
    0, 0,
    "mutex: valid: 1 targets, 0 basis markings, 1 invariants and inequalities, 1 unmarkable places\n"
    "t.cert: valid certificate: 1 proof holds\n",
    "" },
  /* ... but only when its input is proved unmarkable */
  { "dead_transition_needs_unmarkable",
    MUTEX
    "proof mutex\n"
    "target 2*2\n"
    "farkas 1 2 <= 1\n"
    "end\n",
    0, 1,
    "mutex: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:14: error: proof 'mutex': transition 2 (line 9) takes 0 from the farkas inequality's weighted sum and gives back 2\n" },
  /* an omega place is marked initially */
  { "unmarkable_omega",
    MUTEX
    "proof mutex\n"
    "target 2*2\n"
    "unmarkable 0 3\n"
    "end\n",
    0, 1,
    "mutex: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:14: error: proof 'mutex': unmarkable place 0 is marked initially\n" },
  /* a target neither covered nor excluded */
  { "target_uncovered",
    MUTEX
    "proof mutex\n"
    "target 2*2\n"
    "unmarkable 3\n"
    "basis 0 1 2\n"
    "end\n",
    0, 1,
    "mutex: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:13: error: proof 'mutex': this target is neither covered by the basis nor excluded\n" },
  /* omega places hold any number: {idle*5, lock} lies below the initial set */
  { "basis_below_omega",
    MUTEX
    "proof mutex\n"
    "target 2*2\n"
    "unmarkable 3\n"
    "basis 2*2\n"
    "basis 0*5 1\n"
    "end\n",
    0, 1,
    "mutex: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:16: error: proof 'mutex': this basis marking lies below the initial marking\n" },
  /* the empty marking lies below every marking */
  { "empty_basis_marking",
    MUTEX
    "proof mutex\n"
    "target 2*2\n"
    "basis\n"
    "end\n",
    0, 1,
    "mutex: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:14: error: proof 'mutex': this basis marking lies below the initial marking\n" },
  /* an inequality the initial marking breaks */
  { "farkas_total_below",
    MUTEX
    "proof mutex\n"
    "target 2*2\n"
    "unmarkable 3\n"
    "farkas 1 2 <= 0\n"
    "end\n",
    0, 1,
    "mutex: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:15: error: proof 'mutex': the farkas inequality's total 0 is below the initial marking's weighted sum 1\n" },
  /* each proof is checked: the first holds, the second fails */
  { "second_proof_fails",
    MUTEX
    "proof a\n"
    "target 2*2\n"
    "unmarkable 3\n"
    "invariant 1 2 = 1\n"
    "end\n"
    "proof b\n"
    "target 2*2\n"
    "end\n",
    0, 1,
    "a: valid: 1 targets, 0 basis markings, 1 invariants and inequalities, 1 unmarkable places\n"
    "b: INVALID\n"
    "t.cert: invalid certificate: 1 of 2 proofs fail\n",
    "t.cert:18: error: proof 'b': this target is neither covered by the basis nor excluded\n" },
  /* 128-bit sums: in 64 bits the outputs' weighted sum 2^64 + 2 would wrap to 2, and
   * the false proof (transition 0 puts 3 tokens on d) would pass */
  { "sums_exact",
    "racefree certificate 1\n"
    "net 4 1\n"
    "place 0 a\n"
    "place 1 b\n"
    "place 2 c\n"
    "place 3 d\n"
    "transition 0 0 -> 1*4294967295 2*4294967295 3*3\n"
    "initial 0\n"
    "omega\n"
    "proof wrap\n"
    "target 3*3\n"
    "farkas 0*2 1*4294967295 2*2 3 <= 2\n"
    "end\n",
    0, 1,
    "wrap: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:12: error: proof 'wrap': transition 0 (line 7) takes 2 from the farkas inequality's weighted sum and gives back 18446744073709551616\n" },
  /* resets: two running workers after the join have no predecessor through either
   * reset (a basis of one marking); an inequality may weigh places a transition
   * resets (the sum only goes down); an invariant may weigh a place only a dead
   * transition resets */
  { "valid_resets",
    JOIN
    "proof restart\n"
    "target 0*2 3\n"
    "unmarkable 5\n"
    "basis 0*2 3\n"
    "end\n"
    "proof farkas\n"
    "target 0*3\n"
    "unmarkable 5\n"
    "farkas 0 1 <= 2\n"
    "end\n"
    "proof invariant\n"
    "target 2 3\n"
    "unmarkable 5\n"
    "invariant 2 3 = 1\n"
    "end\n",
    0, 0,
    "restart: valid: 1 targets, 1 basis markings, 0 invariants and inequalities, 1 unmarkable places\n"
    "farkas: valid: 1 targets, 0 basis markings, 1 invariants and inequalities, 1 unmarkable places\n"
    "invariant: valid: 1 targets, 0 basis markings, 1 invariants and inequalities, 1 unmarkable places\n"
    "t.cert: valid certificate: 3 proofs hold\n",
    "" },
  /* a reset place the transition puts enough back on has its predecessor: one running
   * worker after the join comes from a restart of a finished one, so {1, 3} must be
   * covered too ... */
  { "reset_refilled",
    JOIN
    "proof one\n"
    "target 0 3\n"
    "unmarkable 5\n"
    "basis 0 3\n"
    "basis 1 3\n"
    "end\n",
    0, 0,
    "one: valid: 1 targets, 2 basis markings, 0 invariants and inequalities, 1 unmarkable places\n"
    "t.cert: valid certificate: 1 proof holds\n",
    "" },
  /* ... and without it the basis is not closed */
  { "reset_refilled_needs_predecessor",
    JOIN
    "proof one\n"
    "target 0 3\n"
    "unmarkable 5\n"
    "basis 0 3\n"
    "end\n",
    0, 1,
    "one: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:19: error: proof 'one': the predecessor {1, 3} of this basis marking through transition 3 (line 12) is neither covered by the basis nor excluded\n" },
  /* the join's reset dropped: main with two running workers joins into the target */
  { "reset_dropped_join",
    "racefree certificate 2\n"
    JOIN_NET ("", " reset 0")
    "proof restart\n"
    "target 0*2 3\n"
    "unmarkable 5\n"
    "basis 0*2 3\n"
    "end\n",
    0, 1,
    "restart: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:19: error: proof 'restart': the predecessor {0*2, 2} of this basis marking through transition 1 (line 10) is neither covered by the basis nor excluded\n" },
  /* the restart's reset dropped (on a place it also outputs to): one more running
   * worker restarts into the target */
  { "reset_dropped_restart",
    "racefree certificate 2\n"
    JOIN_NET (" reset 0 1", "")
    "proof restart\n"
    "target 0*2 3\n"
    "unmarkable 5\n"
    "basis 0*2 3\n"
    "end\n",
    0, 1,
    "restart: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:19: error: proof 'restart': the predecessor {0, 1, 3} of this basis marking through transition 3 (line 12) is neither covered by the basis nor excluded\n" },
  /* an invariant weighing a place a transition that can fire resets: the join
   * empties run and done, though its inputs and outputs weigh nothing */
  { "reset_breaks_invariant",
    JOIN
    "proof p\n"
    "target 0*3\n"
    "unmarkable 5\n"
    "invariant 0 1 = 2\n"
    "end\n",
    0, 1,
    "p: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:19: error: proof 'p': transition 1 (line 10) can fire and resets place 0, which the invariant weighs\n" },
  /* a reset added on a place the invariant weighs */
  { "reset_added_invariant",
    "racefree certificate 2\n"
    JOIN_NET (" reset 0 1 2", " reset 0")
    "proof invariant\n"
    "target 2 3\n"
    "unmarkable 5\n"
    "invariant 2 3 = 1\n"
    "end\n",
    0, 1,
    "invariant: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:19: error: proof 'invariant': transition 1 (line 10) can fire and resets place 2, which the invariant weighs\n" },
  /* the key's transition resets main: harmless only when it is dead */
  { "reset_needs_dead",
    JOIN
    "proof invariant\n"
    "target 2 3\n"
    "invariant 2 3 = 1\n"
    "end\n",
    0, 1,
    "invariant: INVALID\n"
    "t.cert: invalid certificate: 1 of 1 proofs fail\n",
    "t.cert:18: error: proof 'invariant': transition 4 (line 13) can fire and resets place 2, which the invariant weighs\n" },
  { "reset_in_version_1",
    "racefree certificate 1\n"
    JOIN_NET (" reset 0 1", " reset 0"),
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:10: error: 'reset' in a version 1 certificate (resets need 'racefree certificate 2')\n" },
  { "reset_no_place",
    "racefree certificate 2\n"
    JOIN_NET (" reset", " reset 0"),
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:10: error: expected 'reset PLACES' (at least one place)\n" },
  { "reset_count",
    "racefree certificate 2\n"
    JOIN_NET (" reset 0*2", " reset 0"),
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:10: error: expected 'reset PLACES' (places without counts)\n" },
  { "reset_order",
    "racefree certificate 2\n"
    JOIN_NET (" reset 1 0", " reset 0"),
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:10: error: '0': expected PLACE or PLACE*COUNT (places below 6, increasing; counts from 1 to 4294967295)\n" },
  { "version_3",
    "racefree certificate 3\n"
    JOIN_NET (" reset 0 1", " reset 0"),
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:1: error: expected 'racefree certificate 1' or 'racefree certificate 2' (a racefree proof certificate, version 1, or 2 with resets)\n" },
  { "header_missing",
    "net 1 0\n"
    "place 0 a\n"
    "initial\n"
    "omega\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:1: error: expected 'racefree certificate 1' or 'racefree certificate 2' (a racefree proof certificate, version 1, or 2 with resets)\n" },
  { "empty_file",
    "",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:1: error: expected 'racefree certificate 1' or 'racefree certificate 2'\n" },
  { "net_twice",
    "racefree certificate 1\n"
    "net 1 0\n"
    "net 1 0\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:3: error: expected 'net PLACES TRANSITIONS' (at most 67108864 each)\n" },
  { "net_too_big",
    "racefree certificate 1\n"
    "net 100000000 0\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:2: error: expected 'net PLACES TRANSITIONS' (at most 67108864 each)\n" },
  { "place_order",
    "racefree certificate 1\n"
    "net 2 0\n"
    "place 1 b\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:3: error: expected 'place 0 [NAME]' (the net has 2 places)\n" },
  { "too_many_places",
    "racefree certificate 1\n"
    "net 1 0\n"
    "place 0 a\n"
    "place 1 b\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:4: error: expected 'place 2 [NAME]' (the net has 1 places)\n" },
  { "transition_arrow",
    "racefree certificate 1\n"
    "net 1 1\n"
    "place 0 a\n"
    "transition 0 0 0\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:4: error: expected 'transition 0 INPUTS -> OUTPUTS' (the net has 1 transitions)\n" },
  { "place_out_of_range",
    "racefree certificate 1\n"
    "net 1 1\n"
    "place 0 a\n"
    "transition 0 0 -> 1\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:4: error: '1': expected PLACE or PLACE*COUNT (places below 1, increasing; counts from 1 to 4294967295)\n" },
  { "count_zero",
    "racefree certificate 1\n"
    "net 1 1\n"
    "place 0 a\n"
    "transition 0 0*0 ->\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:4: error: '0*0': expected PLACE or PLACE*COUNT (places below 1, increasing; counts from 1 to 4294967295)\n" },
  { "count_too_big",
    "racefree certificate 1\n"
    "net 1 1\n"
    "place 0 a\n"
    "transition 0 0*4294967296 ->\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:4: error: '0*4294967296': expected PLACE or PLACE*COUNT (places below 1, increasing; counts from 1 to 4294967295)\n" },
  { "omega_count",
    "racefree certificate 1\n"
    "net 1 0\n"
    "place 0 a\n"
    "initial\n"
    "omega 0*2\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:5: error: expected 'omega PLACES'\n" },
  { "initial_twice",
    "racefree certificate 1\n"
    "net 1 0\n"
    "place 0 a\n"
    "initial\n"
    "initial\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:5: error: a second 'initial' line\n" },
  { "net_incomplete",
    "racefree certificate 1\n"
    "net 2 0\n"
    "place 0 a\n"
    "initial\n"
    "omega\n"
    "proof p\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:6: error: the net is incomplete: 1 of 2 places and 0 of 0 transitions given, an 'initial' and an 'omega' line\n" },
  { "net_after_proofs",
    MUTEX
    "proof p\n"
    "end\n"
    "place 4 x\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:14: error: 'place' after the net\n" },
  { "proof_in_proof",
    MUTEX
    "proof p\n"
    "proof q\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:13: error: 'proof' inside a proof\n" },
  { "proof_name",
    MUTEX
    "proof two words\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:12: error: expected 'proof NAME'\n" },
  { "outside_proof",
    MUTEX
    "target 2\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:12: error: 'target' outside a proof\n" },
  { "end_words",
    MUTEX
    "proof p\n"
    "end now\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:13: error: expected 'end' alone\n" },
  { "unknown_line",
    MUTEX
    "proof p\n"
    "lemma 2\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:13: error: unknown line 'lemma'\n" },
  { "farkas_syntax",
    MUTEX
    "proof p\n"
    "farkas 1 2 = 1\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:13: error: expected 'farkas WEIGHTS <= TOTAL'\n" },
  { "missing_end",
    MUTEX
    "proof p\n"
    "target 2*2\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:12: error: proof 'p' has no 'end'\n" },
  { "uncertified_why",
    MUTEX
    "uncertified x\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:12: error: expected 'uncertified NAME WHY'\n" },
  { "nul_byte",
    "racefree certificate 1\n"
    "\0",
    24, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:1: error: the certificate holds a NUL byte\n" },
};

static void
test_cases (void **state)
{
  (void) state;
  guint failed = 0;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Case *c = &cases[i];
      g_autoptr (GString) out = g_string_new (NULL), err = g_string_new (NULL);
      g_autoptr (RfOut) o = rf_out_new_string (out);
      g_autoptr (RfOut) e = rf_out_new_string (err);
      int status = rf_certify_check ("t.cert", c->text, c->len ? c->len : strlen (c->text), o, e);
      if (status != c->status || strcmp (out->str, c->out) != 0 || strcmp (err->str, c->err) != 0)
        {
          print_error ("case %s: exit %d (expected %d)\n--- out\n%s--- expected\n%s--- err\n%s--- expected\n%s",
                       c->name, status, c->status, out->str, c->out, err->str, c->err);
          failed++;
        }
    }
  assert_int_equal (failed, 0);
}

/* An unreadable file: status 2 and a message. */
static void
test_unreadable (void **state)
{
  (void) state;
  g_autoptr (GString) out = g_string_new (NULL), err = g_string_new (NULL);
  g_autoptr (RfOut) o = rf_out_new_string (out);
  g_autoptr (RfOut) e = rf_out_new_string (err);
  assert_int_equal (rf_certify_check_file ("/nonexistent/c.cert", o, e), RF_CERTIFY_UNREADABLE);
  assert_string_equal (out->str, "");
  assert_string_equal (err->str, "racefree verify-cert: error: cannot open '/nonexistent/c.cert': "
                                 "No such file or directory\n");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_cases),
    cmocka_unit_test (test_unreadable),
  };
  return cmocka_run_group_tests_name ("certify", tests, NULL, NULL);
}
