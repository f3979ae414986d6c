// The offline page (offline.html): the half in the language this browser chose (the same saved choice as the
// app's, else the browser's), and "try again" reloads the address that failed, which the page still has.
const saved = localStorage.getItem("dorhami.lang");
const lang = saved === "fa" || saved === "en" ? saved : (navigator.language || "").toLowerCase().startsWith("fa") ? "fa" : "en";
document.documentElement.lang = lang;
document.documentElement.dir = lang === "fa" ? "rtl" : "ltr";
document.title = lang === "fa" ? "بدون اینترنت — دورهمی" : "Offline — Dorhami";
for (const section of document.querySelectorAll("section[lang]")) section.hidden = section.lang !== lang;
for (const button of document.querySelectorAll("[data-retry]")) button.addEventListener("click", () => location.reload());
