#pragma once
// Taikyoku's start position (spec/taikyoku_start.txt) and its bench: fixed positions searched to a fixed depth
// (`menagerie bench`). Changing either changes the game's bench signature.
#include <array>
#include <string_view>

namespace menagerie::taikyoku {

// Ranks a (Gote's back rank) to jj (Sente's), one a line.
inline constexpr std::string_view kStartSfen =
    "(ic)(wt)(rr)w(fd)(rme)t(bc)(rh)(fdm)(ed)(wdv)(fde)(fk)(rs)(rig)(glg)(cp)k(glg)(lg)(rs)(fk)(fde)(cdv)(ed)(fdm)(rh)(bc)t(lme)(fd)w(rr)(ts)(ic)/"
    "(rvc)(fel)(td)(fsw)(fwo)(rdm)(fod)(ms)(rp)(rsr)(ssp)(gd)(rtg)(rbe)(ns)(gog)(svg)(de)(nk)(svg)(swr)(bd)(rbe)(rtg)(gd)(ssp)(rsr)(rp)(ms)(fod)(rdm)(fwo)(fsw)(td)(we)(rvc)/"
    "(gch)(sd)(rus)(rw)(ag)(flg)(rit)(rdr)(bo)(wid)(fp)(rbi)(ok)(pck)(wd)(fdr)(cog)(phm)(km)(cog)(fdr)(wd)(pck)(ok)(rbi)(fp)(wid)(bo)(ldr)(ltg)(flg)(ag)(rw)(rus)(sd)(gch)/"
    "(svc)(vb)(ch)(pig)(cg)(pg)(hg)(og)(cst)(sbo)(sr)(gos)l(fwc)(gs)(fid)(wdm)(vg)(gg)(wdm)(fid)(gs)(fwc)l(gos)(sr)(sbo)(cst)(og)(hg)(pg)(cg)(pig)(ch)(vb)(svc)/"
    "(sc)(cle)(am)(fch)(sw)(flc)(mh)(vt)s(ls)(cld)(cpc)(rc)(rhs)(fio)(gdr)(gbi)(ds)(dv)(gbi)(gdr)(fio)(rhs)(rc)(cpc)(cld)(ls)s(vt)(mh)(flc)(sw)(fch)(am)(cle)(sc)/"
    "(wc)(wf)(rhd)(sm)(ps)(wo)(fil)(fie)(fld)(psr)(fgo)(scr)(bdg)(wg)(fg)(ph)(hm)(lt)(gt)c(kr)(fg)(wg)(bdg)(scr)(fgo)(psr)(fld)(fie)(fil)(wo)(ps)(sm)(lhd)(wf)(wc)/"
    "(tc)(vw)(so)(do)(flh)(fb)(ab)(ew)(wih)(fc)(om)(hc)(nb)(sb)(fis)(fiw)(tf)(cm)(pm)(tf)(fiw)(fis)(eb)(wb)(hc)(om)(fc)(wih)(ew)(ab)(fb)(flh)(do)(so)(vw)(tc)/"
    "(ec)(vsp)(ebg)h(swo)(cmk)(csw)(sww)(bm)(bt)(oc)(sf)(bbe)(or)(sqm)(cs)(rd)(fe)(lh)(rd)(cs)(sqm)(or)(bbe)(sf)(oc)(bt)(bm)(sww)(csw)(cmk)(swo)h(ebg)(bdr)(ec)/"
    "(chs)(ss)(vs)(wig)(rg)(mg)(fst)(hs)(wog)(os)(eg)(bos)(sg)(lps)(tg)(bes)(ig)(gst)(gm)(ig)(bes)(tg)(lps)(sg)(bos)(eg)(os)(wog)(hs)(fst)(mg)(rg)(wig)(vs)(ss)(chs)/"
    "(rch)(smk)(vm)(flo)(lbs)(vp)(vh)(cas)(dh)(dk)(sws)(hhw)(fle)(sps)(vl)(fit)(cbs)(rdg)(ld)(cbs)(fit)(vl)(sps)(fle)(hhw)(sws)(dk)(dh)(cas)(vh)(vp)(lbs)(flo)(vm)(smk)(lc)/"
    "pppppppppppppppppppppppppppppppppppp/"
    "5d4(gb)3d6d3(gb)4d5/"
    "36/"
    "36/"
    "36/"
    "36/"
    "36/"
    "36/"
    "36/"
    "36/"
    "36/"
    "36/"
    "36/"
    "36/"
    "5D4(GB)3D6D3(GB)4D5/"
    "PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP/"
    "(LC)(SMK)(VM)(FLO)(LBS)(VP)(VH)(CAS)(DH)(DK)(SWS)(HHW)(FLE)(SPS)(VL)(FIT)(CBS)(LD)(RDG)(CBS)(FIT)(VL)(SPS)(FLE)(HHW)(SWS)(DK)(DH)(CAS)(VH)(VP)(LBS)(FLO)(VM)(SMK)(RCH)/"
    "(CHS)(SS)(VS)(WIG)(RG)(MG)(FST)(HS)(WOG)(OS)(EG)(BOS)(SG)(LPS)(TG)(BES)(IG)(GM)(GST)(IG)(BES)(TG)(LPS)(SG)(BOS)(EG)(OS)(WOG)(HS)(FST)(MG)(RG)(WIG)(VS)(SS)(CHS)/"
    "(EC)(BDR)(EBG)H(SWO)(CMK)(CSW)(SWW)(BM)(BT)(OC)(SF)(BBE)(OR)(SQM)(CS)(RD)(LH)(FE)(RD)(CS)(SQM)(OR)(BBE)(SF)(OC)(BT)(BM)(SWW)(CSW)(CMK)(SWO)H(EBG)(VSP)(EC)/"
    "(TC)(VW)(SO)(DO)(FLH)(FB)(AB)(EW)(WIH)(FC)(OM)(HC)(WB)(EB)(FIS)(FIW)(TF)(PM)(CM)(TF)(FIW)(FIS)(SB)(NB)(HC)(OM)(FC)(WIH)(EW)(AB)(FB)(FLH)(DO)(SO)(VW)(TC)/"
    "(WC)(WF)(LHD)(SM)(PS)(WO)(FIL)(FIE)(FLD)(PSR)(FGO)(SCR)(BDG)(WG)(FG)(KR)C(GT)(LT)(HM)(PH)(FG)(WG)(BDG)(SCR)(FGO)(PSR)(FLD)(FIE)(FIL)(WO)(PS)(SM)(RHD)(WF)(WC)/"
    "(SC)(CLE)(AM)(FCH)(SW)(FLC)(MH)(VT)S(LS)(CLD)(CPC)(RC)(RHS)(FIO)(GDR)(GBI)(DV)(DS)(GBI)(GDR)(FIO)(RHS)(RC)(CPC)(CLD)(LS)S(VT)(MH)(FLC)(SW)(FCH)(AM)(CLE)(SC)/"
    "(SVC)(VB)(CH)(PIG)(CG)(PG)(HG)(OG)(CST)(SBO)(SR)(GOS)L(FWC)(GS)(FID)(WDM)(GG)(VG)(WDM)(FID)(GS)(FWC)L(GOS)(SR)(SBO)(CST)(OG)(HG)(PG)(CG)(PIG)(CH)(VB)(SVC)/"
    "(GCH)(SD)(RUS)(RW)(AG)(FLG)(LTG)(LDR)(BO)(WID)(FP)(RBI)(OK)(PCK)(WD)(FDR)(COG)(KM)(PHM)(COG)(FDR)(WD)(PCK)(OK)(RBI)(FP)(WID)(BO)(RDR)(RIT)(FLG)(AG)(RW)(RUS)(SD)(GCH)/"
    "(RVC)(WE)(TD)(FSW)(FWO)(RDM)(FOD)(MS)(RP)(RSR)(SSP)(GD)(RTG)(RBE)(BD)(SWR)(SVG)(NK)(DE)(SVG)(GOG)(NS)(RBE)(RTG)(GD)(SSP)(RSR)(RP)(MS)(FOD)(RDM)(FWO)(FSW)(TD)(FEL)(RVC)/"
    "(IC)(TS)(RR)W(FD)(LME)T(BC)(RH)(FDM)(ED)(CDV)(FDE)(FK)(RS)(LG)(GLG)K(CP)(GLG)(RIG)(RS)(FK)(FDE)(WDV)(ED)(FDM)(RH)(BC)T(RME)(FD)W(RR)(WT)(IC) b - 1";

inline constexpr int kBenchDepth = 3;

// A middle game: 150 plies of the engine's own depth-1 play from the start, the long-range pieces traded.
inline constexpr std::string_view kMiddleGame =
    "(ic)2w(fd)(rme)t(bc)(rh)(fdm)(ed)(wdv)(fde)(fk)(rs)(rig)1(cp)k(glg)(lg)(rs)(fk)(fde)(cdv)(ed)(fdm)(rh)(bc)t(lme)(fd)w(rr)(ts)(ic)/"
    "(rvc)(fel)(td)1(fwo)(rdm)(fod)(ms)(rp)(rsr)(ssp)(gd)(rtg)(rbe)(ns)(gog)(svg)(glg)(nk)(svg)(swr)(bd)(rbe)(rtg)(gd)(ssp)(rsr)(rp)(ms)(fod)(rdm)(fwo)(fsw)(td)1(rvc)/"
    "(gch)(sd)(rus)(rw)2(rit)(rdr)(bo)(wid)(fp)(rbi)(ok)(pck)(wd)(fdr)(cog)2(cog)(fdr)(wd)(pck)(ok)(rbi)(fp)(wid)(bo)(ldr)(ltg)(flg)(ag)(rw)(rus)1(gch)/"
    "(svc)(vb)(ch)(pig)(cg)2(og)(cst)(sbo)(sr)(gos)l(fwc)(gs)(fid)(wdm)2(wdm)(fid)(gs)(fwc)l(gos)(sr)(sbo)(cst)(og)(hg)(pg)(cg)(pig)(ch)(we)(svc)/"
    "(sc)(cle)(am)(fch)(sw)2(vt)s(ls)(cld)(cpc)(rc)(rhs)(fio)(gdr)(gbi)2(gbi)(gdr)(fio)(rhs)(rc)(cpc)(cld)(ls)s(vt)(mh)(flc)(sw)(fch)1(cle)(sc)/"
    "(wc)(wf)(rhd)(sm)(ps)1(fil)1(fld)(psr)(fgo)(scr)(bdg)(wg)(fg)(ph)(hm)2c(kr)(fg)(wg)(bdg)(scr)(fgo)(psr)(fld)(fie)(fil)(wo)(ps)1(lhd)(wf)(wc)/"
    "(tc)(vw)(so)(do)(flh)1(ab)(ew)1(fc)(om)(hc)(nb)(sb)(fis)(fiw)(tf)2(tf)(fiw)(fis)(eb)(wb)(hc)(om)(fc)(wih)(ew)(ab)(fb)1(do)(so)(vw)(tc)/"
    "(ec)(vsp)(ebg)h(swo)1(csw)(sww)(bm)1(oc)(sf)(bbe)(or)(sqm)(cs)(rd)2(rd)(cs)(sqm)(or)(bbe)(sf)(oc)(bt)(bm)(sww)(csw)1(swo)h(ebg)(bdr)(ec)/"
    "(chs)(ss)1(wig)(rg)1(fst)(hs)(wog)(os)1(bos)(sg)(lps)(tg)(bes)(ig)2(ig)(bes)(tg)(lps)(sg)(bos)(eg)(os)(wog)(hs)1(mg)(rg)(wig)(vs)(ss)(chs)/"
    "(rch)(smk)1(flo)(lbs)1(vh)(cas)(dh)(dk)(sws)2(sps)(vl)(fit)(cbs)2(cbs)(fit)(vl)(sps)(fle)(hhw)(sws)3(vh)(vp)1(lbs)(vm)(smk)(lc)/"
    "pp1pp1pppppp1pppp2pppppppp1pppppppp/"
    "10(gb)3d6d3(gb)4d5/"
    "24(RR)11/"
    "10(GB)3D6D3(GB)10/"
    "36/"
    "30D5/"
    "36/"
    "36/"
    "36/"
    "36/"
    "36/"
    "2(vs)33/"
    "2(vm)33/"
    "2p12(dh)20/"
    "P21P13/"
    "1PPPP1PPPPPP1PPPP2PPP1PPPP1PPPPPPPP/"
    "(LC)(SMK)(VM)(FLO)(LBS)1(VH)(CAS)(DH)(DK)(SWS)3(VL)(FIT)(CBS)2(CBS)(FIT)(SPS)1(FLE)(HHW)(SWS)3(VH)(VP)(LBS)(FLO)(VM)(SMK)(RCH)/"
    "(CHS)(SS)(VS)(WIG)(RG)1(FST)(HS)(WOG)(OS)1(BOS)(SG)(LPS)(TG)(BES)(IG)2(IG)(BES)(TG)(LPS)(SG)(BOS)(EG)(OS)(WOG)(HS)1(MG)(RG)(WIG)(VS)(SS)(CHS)/"
    "(EC)(BDR)(EBG)H(SWO)1(CSW)(SWW)(BM)1(OC)(SF)(BBE)(OR)(SQM)1(RD)2(RD)(CS)(SQM)(OR)(BBE)(SF)(OC)(BT)(BM)(SWW)(CSW)1(SWO)H(EBG)(VSP)(EC)/"
    "(TC)(VW)(SO)(DO)(FLH)1(AB)(EW)1(FC)(OM)(HC)(WB)(EB)(FIS)(FIW)(CS)2(TF)(FIW)(FIS)(SB)(NB)(HC)(OM)(FC)(WIH)(EW)(AB)(FB)1(DO)(SO)(VW)(TC)/"
    "(WC)(WF)(LHD)(SM)(PS)1(FIL)1(FLD)(PSR)(FGO)(SCR)(BDG)(WG)(FG)(KR)C2(HM)(PH)(FG)(WG)(BDG)(SCR)(FGO)(PSR)(FLD)(FIE)(FIL)(WO)(PS)1(RHD)(WF)(WC)/"
    "(SC)(CLE)(AM)(FCH)(SW)2(VT)S(LS)(CLD)(CPC)(RC)(RHS)(FIO)(GDR)3(GBI)(GDR)(FIO)(RHS)(RC)(CPC)(CLD)(LS)S(VT)(MH)(FLC)(SW)(FCH)1(CLE)(SC)/"
    "(SVC)(VB)(CH)(PIG)(CG)1(HG)(OG)(CST)(SBO)(SR)(GOS)L(FWC)(GS)(FID)(WDM)2(WDM)(FID)(GS)(FWC)L(GOS)(SR)(SBO)(CST)(OG)(HG)(PG)(CG)(PIG)(CH)2/"
    "(GCH)(SD)(RUS)(RW)2(LTG)(LDR)(BO)(WID)(FP)(RBI)(OK)(PCK)(WD)(FDR)(COG)(KM)1(COG)(FDR)(WD)(PCK)(OK)(RBI)(FP)(WID)(BO)(RDR)(RIT)(FLG)(AG)(RW)(RUS)(SD)(SVC)/"
    "(RVC)(WE)(TD)1(FWO)1(FOD)(MS)(RP)(RSR)(SSP)(GD)(RTG)(RBE)(BD)(SWR)(SVG)(NK)(GLG)(SVG)(GOG)(NS)(RBE)(RTG)(GD)(SSP)(RSR)(RP)(MS)(FOD)(RDM)(FWO)(FSW)(TD)1(RVC)/"
    "(IC)(TS)1W1(FD)T(BC)(RH)(FDM)(ED)(CDV)(FDE)(FK)(RS)(LG)(GLG)K(CP)1(RIG)(RS)(FK)(FDE)(WDV)(ED)(FDM)(RH)(BC)T(RME)(FD)W(RR)(WT)(IC) b - 151";

// The start and the middle game.
inline constexpr std::array<std::string_view, 2> kBenchPositions = {kStartSfen, kMiddleGame};

}  // namespace menagerie::taikyoku
