// sdk/colorfight/py_json.h: Python's float repr and json.dumps, checked
// against texts Python 3 prints (repr(x), json.dumps(x)).
#include "sdk/colorfight/py_json.h"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cmath>
#include <limits>
#include <string>

namespace wl::colorfight {
namespace {

TEST(PyFloatRepr, ShortestDigitsWithPythonsNotation) {
  EXPECT_EQ(PyFloatRepr(1.0), "1.0");
  EXPECT_EQ(PyFloatRepr(0.2), "0.2");
  EXPECT_EQ(PyFloatRepr(20), "20.0");
  EXPECT_EQ(PyFloatRepr(10.5), "10.5");
  EXPECT_EQ(PyFloatRepr(0.0001), "0.0001");
  EXPECT_EQ(PyFloatRepr(0.00001), "1e-05");
  EXPECT_EQ(PyFloatRepr(1.5e-7), "1.5e-07");
  EXPECT_EQ(PyFloatRepr(1e15), "1000000000000000.0");
  EXPECT_EQ(PyFloatRepr(1e16), "1e+16");
  EXPECT_EQ(PyFloatRepr(1.25e16), "1.25e+16");
  EXPECT_EQ(PyFloatRepr(-2.5e100), "-2.5e+100");
  EXPECT_EQ(PyFloatRepr(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(PyFloatRepr(0.0), "0.0");
  EXPECT_EQ(PyFloatRepr(-0.0), "-0.0");
  EXPECT_EQ(PyFloatRepr(5e-324), "5e-324");
  EXPECT_EQ(PyFloatRepr(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(PyFloatRepr(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(PyFloatRepr(std::nan("")), "nan");
}

TEST(PyJson, FloatsAreReprButSpecialValuesAreJavaScripts) {
  std::string text;
  AppendPyJsonFloat(2.0, &text);
  text += ' ';
  AppendPyJsonFloat(std::numeric_limits<double>::infinity(), &text);
  text += ' ';
  AppendPyJsonFloat(-std::numeric_limits<double>::infinity(), &text);
  text += ' ';
  AppendPyJsonFloat(std::nan(""), &text);
  EXPECT_EQ(text, "2.0 Infinity -Infinity NaN");
}

TEST(PyJson, StringsAreEnsureAscii) {
  std::string text;
  AppendPyJsonString("a\"b\\c\n\t\x01\x7f", &text);
  EXPECT_EQ(text, R"("a\"b\\c\n\t\u0001\u007f")");
  text.clear();
  AppendPyJsonString("\xc3\xa9\xf0\x9f\x98\x80", &text);  // é, U+1F600
  EXPECT_EQ(text, R"("\u00e9\ud83d\ude00")");
  text.clear();
  AppendPyJsonString(
      "\xff"
      "x",
      &text);  // an invalid byte
  EXPECT_EQ(text, R"("\ufffdx")");
}

TEST(PyJson, ValuesUsePythonsSeparatorsAndKeepKeyOrder) {
  const boost::json::value v = boost::json::parse(
      R"({"b": [1, 2.5, true, null], "a": {"x": "y"}, "c": 1e16})");
  EXPECT_EQ(PyJson(v),
            R"({"b": [1, 2.5, true, null], "a": {"x": "y"}, "c": 1e+16})");
  EXPECT_EQ(PyJson(boost::json::parse("[]")), "[]");
  EXPECT_EQ(PyJson(boost::json::parse("{}")), "{}");
  EXPECT_EQ(PyJson(boost::json::value(18446744073709551615ull)),
            "18446744073709551615");
}

}  // namespace
}  // namespace wl::colorfight
