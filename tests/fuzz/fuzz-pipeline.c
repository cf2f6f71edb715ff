/* fuzz-pipeline: the whole race check of an SML input, as `racefree check` runs it.
 *
 * The input is written to a .sml file and goes through the driver: the front end,
 * the net builder, one coverability search per shared variable with a small budget
 * (so each input stays fast; an unknown verdict is a fine answer), then every report
 * of the result: text, JSON, SARIF, the race diagnostics, and the DOT pictures of the
 * net and of each race's witness (text only: nothing is laid out). Inputs are bounded
 * more tightly than for the parsers, since each one is searched. */
#include "fuzz-common.h"

#include "rf-dot.h"
#include "rf-driver.h"
#include "rf-report.h"

/* Larger inputs are skipped. */
#define PIPELINE_MAX_INPUT (8 * 1024)

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size > PIPELINE_MAX_INPUT)
    return 0;
  g_autofree char *path = fuzz_write_file ("input.sml", data, size);
  const char *inputs[] = { path, NULL };
  g_autoptr (RfCheckResult) res = rf_check_result_new (inputs);
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  if (!rf_driver_load (res, RF_DRIVER_PROGRAM, NULL, &error))
    {
      g_assert (error != NULL);
      rf_diags_render (rf_check_result_get_diags (res), out);
      return 0;
    }
  RfCoverBudget budget = { .max_markings = 200, .timeout_s = 1.0 };
  g_assert (rf_driver_check_races (res, &budget, NULL, NULL));
  rf_driver_read_sources (res);

  RfReportOptions opts = { .stats = TRUE, .no_time = TRUE };
  rf_report_text (res, &opts, out);
  rf_report_format_json.check (res, &opts, out);
  rf_report_format_sarif.check (res, &opts, out);
  rf_report_race_diagnostics (res, rf_check_result_get_diags (res));
  rf_diags_render (rf_check_result_get_diags (res), out);

  const RfNet *net = rf_check_result_get_net (res);
  g_free (rf_dot_net_to_string (net, "net"));
  GPtrArray *verdicts = rf_check_result_get_verdicts (res);
  for (guint i = 0; i < verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (verdicts, i);
      if (rv->result->verdict != RF_COVER_UNSAFE)
        continue;
      g_free (rf_dot_witness_net_to_string (net, rv, "witness"));
      g_free (rf_dot_witness_sequence_to_string (net, rv, "sequence"));
    }
  return 0;
}
