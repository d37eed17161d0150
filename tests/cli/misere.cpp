// `nimber misere` run as a subprocess: simplest forms, equality, the games born by each day,
// the output formats, and one-line errors with an empty stdout.
#include <gtest/gtest.h>

#include <string>

#include "runner.hpp"

namespace {

using namespace cli_test;

TEST(CliMisere, SimplestForms) {
  // *2+*2 has genus 0^02: a P-position in both plays, unlike 0 (0^120).
  expect_output({"misere", "form", "*2+*2"}, "{*2,*3}\nbirthday: 4\ngenus: 0^02\nthe player to move loses\n");
  expect_output({"misere", "form", "{*}"}, "0\nbirthday: 0\ngenus: 0^120\nthe player to move wins\n");
  expect_output({"misere", "form", "{ 0 , *2 }"}, "*\nbirthday: 1\ngenus: 1^031\nthe player to move loses\n");
  expect_output({"misere", "form", "*2+*2", "--format", "json"},
                "{\"form\":\"{*2,*3}\",\"birthday\":4,\"genus\":\"0^02\",\"next_player_wins\":false}\n");
}

TEST(CliMisere, Equality) {
  expect_output({"misere", "equal", "*+*", "0"}, "equal\nfirst: 0\nsecond: 0\n");
  expect_output({"misere", "equal", "*2+*2", "0"}, "not equal\nfirst: {*2,*3}\nsecond: 0\n");
  expect_output({"misere", "equal", "*2+*3", "*3+*2", "--format", "csv"},
                "equal,first,second\ntrue,\"{*2,*3,{*2,*3}}\",\"{*2,*3,{*2,*3}}\"\n");
}

TEST(CliMisere, GamesBornByEachDay) {
  expect_output({"misere", "days"},
                "day 0: 1 games\nday 1: 2 games\nday 2: 3 games\nday 3: 5 games\nday 4: 22 games\n");
  expect_output({"misere", "days", "2", "--format", "csv"}, "day,games\n0,1\n1,2\n2,3\n");
}

TEST(CliMisere, BadInputIsOneLine) {
  expect_error({"misere", "form", "{*2 *3}"}, "argument 1 (offset 4): '*': expected ',', '+' or '}'");
  expect_error({"misere", "form", "{*,"}, "argument 1 (offset 3): end of the form: expected a form: 0, *, *n or {...}");
  expect_error({"misere", "form", "*2000"}, "argument 1 (offset 1): '2000': expected a heap size up to 1024");
  expect_error({"misere", "equal", "0", "x"}, "argument 2 (offset 0): 'x': expected a form: 0, *, *n or {...}");
  expect_error({"misere", "days", "6"}, "argument 1: '6': expected a day from 0 to 5");
  expect_error({"misere", "days", "-1"}, "argument 1: '-1': expected a day from 0 to 5");
  expect_error({"misere", "form", "*1024+*1024", "--max-memory", "64M"},
               "the misère forms need more than 64 MiB of memory (--max-memory): a smaller game or sum");
}

TEST(CliMisere, HeapGamesHeapByHeap) {
  // Misère Kayles: heap 4 is a misère P-position (value 0) that equals *; heap 7 is born on
  // day 7 and its text is elided.
  const result r = run({"heap", "0.77", "--terms", "9", "--misere"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "0: 1 genus 0^120 (born on day 0) 0\n1: 0 genus 1^031 (born on day 1) *\n"
            "2: 2 genus 2^20 (born on day 2) *2\n3: 3 genus 3^31 (born on day 3) *3\n"
            "4: 0 genus 1^031 (born on day 1) *\n5: 1 genus 4^146 (born on day 5) {*,*2,*3,{*2,*3}}\n"
            "6: 3 genus 3^31 (born on day 3) *3\n7: 2 genus 2^20 (born on day 7) {...}\n"
            "8: 1 genus 1^13 (born on day 5) {*2,*3,{*2,*3}}\n");
  expect_output({"heap", "0.07", "--terms", "3", "--misere", "--format", "csv"},
                "n,misere_grundy,genus,birthday,form\n0,1,0^120,0,0\n1,1,0^120,0,0\n2,0,1^031,1,*\n");
  expect_error({"heap", "0.07", "--terms", "5", "--misere", "--period"},
               "--misere: '--period': expected no --period beside it (misère values stand alone)");
  expect_error({"heap", "0.07", "--terms", "100001", "--misere"},
               "--terms: '100001': expected at most 100000 terms with --misere");
}

}  // namespace
