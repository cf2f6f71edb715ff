/* test-certify: the certificate checker alone (rf-certify.h), on small hand-written
 * certificates: valid proofs, each check failing, 128-bit weighted sums, and each kind
 * of malformed line, with the checker's whole output. The certificates of the engine
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
  { "header_missing",
    "net 1 0\n"
    "place 0 a\n"
    "initial\n"
    "omega\n",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:1: error: expected 'racefree certificate 1' (a racefree proof certificate, version 1)\n" },
  { "empty_file",
    "",
    0, 1,
    "t.cert: invalid certificate: malformed\n",
    "t.cert:1: error: expected 'racefree certificate 1'\n" },
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
